import { z } from "zod";
import { defineEndpoint } from "@/lib/schemas/contract";
import { keyResponse } from "./keys";
import { profileResponse } from "./profile";
import { projectResponse } from "./projects";
import { usageSummaryResponse } from "./usage";
import { videoResponse } from "./videos";

export const dashboardResponse = z
  .object({
    profile: profileResponse,
    api_keys: z.array(keyResponse),
    usage: usageSummaryResponse,
    videos: z.array(videoResponse),
    projects: z.array(projectResponse),
  })
  .meta({ id: "Dashboard" });

export const dashboardApi = {
  get: defineEndpoint({
    method: "GET",
    path: "/dashboard",
    tag: "Dashboard",
    summary: "Everything of the caller's account in one call: profile, keys, usage summary, videos, projects",
    auth: "required",
    response: dashboardResponse,
  }),
};
