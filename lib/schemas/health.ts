import { z } from "zod";
import { defineEndpoint } from "@/lib/schemas/contract";

export const healthResponse = z
  .object({
    status: z.enum(["healthy", "degraded"]),
    checks: z.object({
      api: z.string(),
      database: z.string().describe("`ok`, or the error text"),
      storage: z.string().describe("`ok` (a small object was written and removed), or the error text"),
      runner: z
        .string()
        .describe("`ok` (this process runs jobs), `off` (it is not meant to: `RUNNER_CONCURRENCY=0` or Inngest), `not started` or `stopped`"),
    }),
  })
  .meta({ id: "Health" });

export const healthApi = {
  get: defineEndpoint({
    method: "GET",
    path: "/health",
    tag: "Health",
    summary: "Readiness: 503 while the database or storage is unusable, 200 again once they work (no auth)",
    description:
      "`status` is `healthy` when every check passes and `degraded` when any fails. The answer is **503** (same body) while the database or storage is unusable; a runner that is not running leaves it at 200. Checked anew on every request, each check within 3 s. `GET /ping` is the liveness probe.",
    auth: "none",
    response: healthResponse,
    otherResponses: { "503": { description: "The database or storage is unusable (body as 200, `status` `degraded`)", response: healthResponse } },
  }),
};
