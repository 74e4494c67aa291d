import { handle } from "@/lib/api/handler";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { openapiApi } from "@/lib/schemas/openapi";
import { otherMethods } from "@/lib/api/method-not-allowed";

let cached: Record<string, unknown> | undefined;

// GET /api/openapi.json – the OpenAPI document (no auth)
export const GET = handle(openapiApi.get, async () => (cached ??= buildOpenApiDocument()), { skipDb: true });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
