import { z } from "zod";
import { defineEndpoint } from "@/lib/api/contract";
import { keyResponse } from "./keys";
import { profileResponse } from "./profile";

// Parts added by later resources (usage, videos, projects) extend this object.
export const dashboardResponse = z
  .object({
    profile: profileResponse,
    api_keys: z.array(keyResponse),
  })
  .meta({ id: "Dashboard" });

export const dashboardApi = {
  get: defineEndpoint({
    method: "GET",
    path: "/dashboard",
    tag: "Dashboard",
    summary: "Everything of the caller's account in one call",
    auth: "required",
    response: dashboardResponse,
  }),
};
