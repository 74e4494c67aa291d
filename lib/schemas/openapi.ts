import { z } from "zod";
import { defineEndpoint } from "@/lib/schemas/contract";

export const openapiApi = {
  get: defineEndpoint({
    method: "GET",
    path: "/openapi.json",
    tag: "Meta",
    summary: "This document (OpenAPI 3.0), generated from the same zod schemas that parse requests",
    auth: "none",
    response: z.record(z.string(), z.unknown()),
  }),
};
