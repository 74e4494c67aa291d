// Builds the OpenAPI 3.0 document from the endpoint contracts (the same zod schemas that parse
// requests and shape responses).
import { z } from "zod";
import { pathIdsOf, type Endpoint } from "@/lib/api/contract";
import { errorBody } from "@/lib/schemas/common";
import { webhookPayload } from "@/lib/schemas/webhooks";
import { allEndpoints } from "./endpoints";

type Json = Record<string, unknown>;

const ERROR_STATUSES: Record<string, string> = {
  "400": "Invalid input",
  "401": "Missing or invalid credentials",
  "404": "Not found (or not yours)",
  "429": "Rate limit exceeded",
};

const IDEMPOTENCY_HEADER: Json = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  schema: { type: "string", maxLength: 255 },
  description:
    "Retry safely: the same key with the same request within 24 h replays the first response (status and body, header `Idempotent-Replayed: true`); with another request 422; concurrent duplicates wait for the first.",
};

function convert(schema: z.ZodType, io: "input" | "output", components: Json): Json {
  const raw = z.toJSONSchema(schema, { target: "openapi-3.0", io, unrepresentable: "any" });
  // Rewrite refs everywhere, including inside the definitions that become components.
  const out = JSON.parse(JSON.stringify(raw).replaceAll("#/definitions/", "#/components/schemas/")) as Json;
  const defs = (out.definitions ?? {}) as Json;
  delete out.definitions;
  delete out.$schema;
  for (const [name, def] of Object.entries(defs)) components[name] ??= def;
  return out;
}

function parameters(e: Endpoint, components: Json): Json[] {
  const out: Json[] = [];
  const ids = new Map(pathIdsOf(e));
  for (const [where, schema] of [
    ["path", e.params],
    ["query", e.query],
  ] as const) {
    if (!schema) continue;
    const obj = convert(schema, "input", components) as { properties?: Json; required?: string[] };
    for (const [name, s] of Object.entries(obj.properties ?? {})) {
      const resource = where === "path" ? ids.get(name) : undefined;
      out.push({
        name,
        in: where,
        required: where === "path" || !!obj.required?.includes(name),
        schema: resource ? { ...(s as Json), format: "uuid" } : s,
        ...(resource ? { description: `The ${resource}'s id (a malformed one is 404 ${resource} not found)` } : {}),
      });
    }
  }
  if (e.idempotent) out.push(IDEMPOTENCY_HEADER);
  return out;
}

const WEBHOOKS_TAG = [
  "Endpoints you register receive a POST per event, body `WebhookPayload` ({type, timestamp, data}), signed per Standard Webhooks:",
  "`webhook-id` (the same on every retry), `webhook-timestamp` (Unix seconds) and `webhook-signature` = `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`",
  "keyed with the base64-decoded part of the `whsec_` secret. Answer 2xx within 10 s; anything else (redirects included) is retried",
  "after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then the delivery is marked failed.",
].join(" ");

export function buildOpenApiDocument(endpoints: Endpoint[] = allEndpoints): Json {
  const components: Json = {};
  const paths: Record<string, Json> = {};
  for (const e of endpoints) {
    const status = String(e.status ?? 200);
    const responses: Json = {
      [status]: e.response
        ? { description: "Success", content: { "application/json": { schema: convert(e.response, "output", components) } } }
        : { description: "Success", content: { [e.produces ?? "application/octet-stream"]: {} } },
    };
    if (e.streams && e.response) {
      (responses[status] as { content: Json }).content["text/event-stream"] = {
        schema: {
          type: "string",
          description:
            'With `Accept: text/event-stream`: `data: {"type":"delta","text":…}` events as the text grows, then one `data: {"type":"message",…}` holding the JSON body above (its fields beside "type"); an error after the first event is `data: {"type":"error","detail":…}`. Errors before it keep their status and JSON {detail}',
        },
      };
    }
    // Without path, query or body there is nothing to be invalid or to name a missing resource.
    const takesInput = !!(e.params || e.query || e.body);
    for (const [code, description] of Object.entries(ERROR_STATUSES)) {
      if (code === "401" && e.auth === "none") continue;
      if ((code === "400" || code === "404") && !takesInput) continue;
      responses[code] = { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
    }
    for (const [code, other] of Object.entries(e.otherResponses ?? {})) {
      responses[code] = {
        description: other.description,
        content: other.response
          ? { "application/json": { schema: convert(other.response, "output", components) } }
          : { [other.produces ?? "application/json"]: other.produces ? {} : { schema: { $ref: "#/components/schemas/Error" } } },
      };
    }
    if (e.idempotent) {
      responses["422"] = { description: "Idempotency-Key already used with a different request", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
    }
    const op: Json = {
      operationId: `${e.method.toLowerCase()}${e.path.replace(/[{}]/g, "").replace(/[^a-zA-Z0-9]+(.)/g, (_, c: string) => c.toUpperCase())}`,
      summary: e.summary,
      ...(e.description ? { description: e.description } : {}),
      tags: [e.tag],
      parameters: parameters(e, components),
      responses,
      ...(e.auth === "required" ? {} : { security: [] }),
    };
    if (e.body) {
      op.requestBody = { required: true, content: { "application/json": { schema: convert(e.body, "input", components) } } };
    }
    (paths[e.path] ??= {})[e.method.toLowerCase()] = op;
  }
  convert(errorBody, "output", components); // registers components.schemas.Error (errorBody has id "Error")
  convert(webhookPayload, "output", components); // what webhook endpoints receive (not a response of ours)
  return {
    openapi: "3.0.3",
    info: {
      title: "Video Analysis API",
      version: "1.0.0",
      description:
        "Upload videos, run analysis modules, and read, search and question the results. Authenticate with `Authorization: <API_KEY>` or `Authorization: Bearer <token>`.",
    },
    servers: [{ url: "/api" }],
    security: [{ apiKey: [] }, { bearer: [] }],
    tags: [{ name: "Webhooks", description: WEBHOOKS_TAG }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "Authorization" },
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
      },
    },
  };
}
