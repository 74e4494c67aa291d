import { z } from "zod";
import { defineEndpoint } from "@/lib/schemas/contract";

export const pingApi = {
  get: defineEndpoint({
    method: "GET",
    path: "/ping",
    tag: "Health",
    summary: "Liveness: answers a constant without touching the database (no auth)",
    auth: "none",
    response: z.object({ ok: z.literal(true) }),
  }),
};
