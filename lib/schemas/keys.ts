// API keys: request bodies, responses and the endpoints' contracts.
import { z } from "zod";
import type { ApiKey } from "@/db/schema";
import { defineEndpoint, pathId } from "@/lib/schemas/contract";
import { nameField, okResponse, timestamp } from "./common";
import { isoTime } from "@/lib/core/iso-time";

export const keyResponse = z
  .object({
    id: z.string(),
    name: z.string(),
    key_prefix: z.string(),
    raw_key: z.string().describe("The full key on creation only; elsewhere the masked prefix"),
    is_active: z.number().int(),
    last_used_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .meta({ id: "ApiKey" });

export const createKeyBody = z.object({ name: nameField });
export const updateKeyBody = z.object({ is_active: z.boolean() });
export const keyIdParams = z.object({ key_id: pathId("API key") });

/** The stored key as the API shows it; `rawKey` only right after creation. */
export function toKeyResponse(row: ApiKey, rawKey?: string): z.infer<typeof keyResponse> {
  return {
    id: row.id,
    name: row.name,
    key_prefix: row.keyPrefix,
    raw_key: rawKey ?? row.keyPrefix,
    is_active: row.isActive,
    last_used_at: isoTime(row.lastUsedAt),
    created_at: isoTime(row.createdAt),
  };
}

export const keysApi = {
  list: defineEndpoint({
    method: "GET",
    path: "/keys",
    tag: "API keys",
    summary: "List your API keys (raw_key masked)",
    auth: "required",
    response: z.array(keyResponse),
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/keys",
    idempotent: true,
    tag: "API keys",
    summary: "Create an API key; the full key is shown only in this response",
    auth: "required",
    body: createKeyBody,
    response: keyResponse,
    status: 201,
  }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/keys/{key_id}",
    tag: "API keys",
    summary: "Activate or deactivate a key",
    auth: "required",
    params: keyIdParams,
    body: updateKeyBody,
    response: keyResponse,
  }),
  remove: defineEndpoint({
    method: "DELETE",
    path: "/keys/{key_id}",
    tag: "API keys",
    summary: "Delete a key permanently",
    auth: "required",
    params: keyIdParams,
    response: okResponse,
  }),
};
