// Builds the OpenAPI 3.0 document from the endpoint contracts (the same zod schemas that parse
// requests and shape responses).
import { z } from "zod";
import { pathIdsOf, type Endpoint } from "@/lib/schemas/contract";
import { errorBody } from "@/lib/schemas/common";
import { webhookPayload } from "@/lib/schemas/webhooks";
import { allEndpoints } from "./endpoints";

type Json = Record<string, unknown>;

const ERROR_STATUSES: Record<string, string> = {
  "400": "Invalid input",
  "401": "Missing or invalid credentials",
  "404": "Not found (or not yours)",
  "413": 'The JSON body is over 1 MiB (`detail`: "Request body too large")',
  "429": "Rate limit exceeded",
  "500": "Internal server error (details only in the server log, under the answer's `X-Request-Id`)",
};

const ERROR_CONTENT = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };

/** The schema of a non-JSON body: text, or bytes. */
function mediaSchema(type: string): Json {
  return /^text\/|[+/]json\b|subrip|mpegurl/.test(type) ? { schema: { type: "string" } } : { schema: { type: "string", format: "binary" } };
}

/** A body's `content`: JSON by `response` and any other media types by `produces`. */
function content(response: z.ZodType | undefined, produces: string | readonly string[] | undefined, components: Json): Json {
  const out: Json = {};
  if (response) out["application/json"] = { schema: convert(response, "output", components) };
  for (const type of typeof produces === "string" ? [produces] : (produces ?? [])) out[type] ??= mediaSchema(type);
  return out;
}

const LOCATION_HEADER = { Location: { description: "Where to go", schema: { type: "string" } } };

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
    const status = String(e.status ?? (e.redirect ? 302 : 200));
    const responses: Json = {
      [status]: e.redirect
        ? { description: "Redirect", headers: LOCATION_HEADER }
        : { description: "Success", content: content(e.response, e.response || e.produces ? e.produces : "application/octet-stream", components) },
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
    // Without path, query or body there is nothing to be invalid or to name a missing resource;
    // only a JSON body can be too large (the wrapper reads at most 1 MiB of it).
    const takesInput = !!(e.params || e.query || e.body);
    for (const [code, description] of Object.entries(ERROR_STATUSES)) {
      if (code === "401" && e.auth === "none") continue;
      if ((code === "400" || code === "404") && !takesInput) continue;
      if (code === "413" && !e.body) continue;
      responses[code] = { description, content: ERROR_CONTENT };
    }
    for (const [code, other] of Object.entries(e.otherResponses ?? {})) {
      responses[code] = other.noBody
        ? { description: other.description, ...(/^3/.test(code) ? { headers: LOCATION_HEADER } : {}) }
        : { description: other.description, content: other.response || other.produces ? content(other.response, other.produces, components) : ERROR_CONTENT };
    }
    if (e.idempotent) {
      responses["422"] = { description: "Idempotency-Key already used with a different request", content: ERROR_CONTENT };
      responses["409"] ??= { description: "A request with this Idempotency-Key is still being processed; retry later", content: ERROR_CONTENT };
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
