import { z } from "zod";
import { defineEndpoint } from "@/lib/api/contract";

export const healthResponse = z
  .object({
    status: z.enum(["healthy", "degraded"]),
    checks: z.object({ api: z.string(), database: z.string() }),
  })
  .meta({ id: "Health" });

export const healthApi = {
  get: defineEndpoint({
    method: "GET",
    path: "/health",
    tag: "Health",
    summary: "Service health: `degraded` with the error text when the database check fails",
    auth: "none",
    response: healthResponse,
  }),
};
