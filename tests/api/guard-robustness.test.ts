// Input robustness, driven by the OpenAPI document: every operation that takes a request body or
// query parameters is sent malformed JSON, non-object bodies, wrong types for each property,
// missing required fields, huge strings and out-of-range numbers. Every answer must be a 4xx with
// a string `detail` – never a 5xx – and the field-level ones a 400 that names the field.
// A body over 1 MiB is 413 `Request body too large`.
//
// Path parameters get ids of the caller's own resources from FIXTURES (path-parameter name →
// factory creating such a resource through the API). A parameter in the document without a
// factory fails this suite: add one here (and in guard-isolation.test.ts).
import crypto from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { resetRateLimits } from "@/lib/api/rate-limit";
import { call, type ApiResult } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeClip } from "../helpers/media";
import { enumPathParam, expectServedDocument, listOperations, loadOpenApiDoc, pathParamNames, requiresAuth, resolveSchema, sampleValue, type Operation } from "../helpers/openapi-doc";
import { makeUser, type TestUser } from "../helpers/users";
import { registerClip } from "../helpers/videos";
import { addEmbeddedVideo } from "../helpers/segments";

useApiTestEnv("robustness");

const FIXTURES: Record<string, (owner: TestUser) => Promise<string>> = {
  key_id: async (owner) => {
    const created = await call("POST", "/keys", { auth: owner.api_key, body: { name: "robustness fixture" } });
    expect(created.status).toBe(201);
    return created.body.id;
  },
  job_id: (owner) => registerClip(owner, makeClip("robustness", { seconds: 2 })),
  project_id: async (owner) => {
    const created = await call("POST", "/projects", { auth: owner.api_key, body: { name: "robustness fixture" } });
    expect(created.status).toBe(201);
    return created.body.id;
  },
  session_id: async (owner) => {
    const created = await call("POST", "/chat/sessions", { auth: owner.api_key, body: { title: "robustness fixture" } });
    expect(created.status).toBe(201);
    return created.body.id;
  },
  webhook_id: async (owner) => {
    const created = await call("POST", "/webhooks", { auth: owner.api_key, body: { url: "https://hooks.example.com/robustness" } });
    expect(created.status).toBe(201);
    return created.body.id;
  },
  upload_id: async (owner) => {
    const created = await call("POST", "/storage/multipart", { auth: owner.api_key, body: { file_name: "robustness.mp4", file_size: 1000 } });
    expect(created.status).toBe(201);
    return created.body.upload_id;
  },
  // a part of a multipart upload (its presigned part endpoint)
  part_number: async () => "1",
  // a storage object key in the caller's own area (the presigned object endpoint)
  key: async (owner) => `users/${owner.user_id}/robustness.mp4`,
  segment_id: async (owner) => {
    const { jobId } = await addEmbeddedVideo(owner, [{ module: "transcription", start: 0, content: "robustness line" }], { duration: 10, segmentSeconds: 5, metadata: null });
    const list = await call("GET", `/videos/${jobId}/segments`, { auth: owner.api_key });
    expect(list.body.length).toBe(1);
    return list.body[0].id;
  },
  revision: async () => "0",
  index: async () => "0",
  // People are made by a run: an id of the right shape (the route answers 404 Person not found).
  person_id: async () => crypto.randomUUID(),
  clip_id: async (owner) => {
    const jobId = await registerClip(owner, makeClip("robustness-clip", { seconds: 2 }));
    const created = await call("POST", "/clips", { auth: owner.api_key, body: { job_id: jobId, ranges: [{ start: 0, end: 1 }] } });
    expect(created.status).toBe(202);
    return created.body.clip_id;
  },
};

// ---- the document -------------------------------------------------------------------------------
const doc = loadOpenApiDoc();
const allOperations = listOperations(doc);
const queryParams = (o: Operation): any[] => (o.op.parameters ?? []).filter((p: any) => p.in === "query");
const bodySchema = (o: Operation) => o.op.requestBody?.content?.["application/json"]?.schema;
/** JSON request bodies only: raw uploads (presigned PUTs) take any bytes. */
const hasJsonBody = (o: Operation) => !!o.op.requestBody?.content?.["application/json"];
const targets = allOperations.filter((o) => hasJsonBody(o) || queryParams(o).length > 0);
const bodyTargets = targets.filter(hasJsonBody);
const resolve = (schema: any) => resolveSchema(doc, schema);
const sample = (schema: any) => sampleValue(doc, schema);

type JsonType = "string" | "integer" | "number" | "boolean" | "null" | "object" | "array";

/** The JSON types a schema accepts; null when it accepts anything. */
function allowedTypes(schema: any): Set<JsonType> | null {
  const s = resolve(schema);
  if (!s) return null;
  const union = s.anyOf ?? s.oneOf;
  if (union) {
    const out = new Set<JsonType>();
    for (const part of union) {
      const t = allowedTypes(part);
      if (!t) return null;
      t.forEach((x) => out.add(x));
    }
    if (s.nullable) out.add("null");
    return out;
  }
  if (s.enum) {
    return new Set(s.enum.map((v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v === "number" ? (Number.isInteger(v) ? "integer" : "number") : typeof v)));
  }
  if (!s.type) return null;
  const out = new Set<JsonType>([s.type]);
  if (s.nullable) out.add("null");
  return out;
}

const WRONG_VALUES: { value: unknown; type: JsonType }[] = [
  { value: 12345, type: "integer" },
  { value: 1.5, type: "number" },
  { value: "not-the-right-type", type: "string" },
  { value: true, type: "boolean" },
  { value: null, type: "null" },
  { value: { nested: 1 }, type: "object" },
  { value: ["a", 1], type: "array" },
];

function isAllowed(allowed: Set<JsonType>, type: JsonType): boolean {
  if (allowed.has(type)) return true;
  return type === "integer" && allowed.has("number");
}

interface Case {
  name: string;
  send: { path: string; body?: unknown; rawBody?: string };
  /** Exact status expected, or "4xx". */
  status: number | "4xx";
  /** A text the detail must contain (the field name), or an exact detail. */
  detailIncludes?: string;
  detail?: string;
}

function withQuery(path: string, query: Record<string, string>): string {
  const q = new URLSearchParams(query);
  return q.size ? `${path}?${q}` : path;
}

function casesFor(o: Operation, path: string): Case[] {
  const cases: Case[] = [];
  const requiredQuery = Object.fromEntries(
    queryParams(o)
      .filter((p) => p.required)
      .map((p) => [p.name, String(sample(p.schema))]),
  );
  const base = withQuery(path, requiredQuery);

  const schema = resolve(bodySchema(o));
  if (hasJsonBody(o)) {
    const valid = (sample(schema) ?? {}) as Record<string, unknown>;
    for (const raw of ["{nope", "{", '{"a":', "[1,", "'single'", "undefined", "{\"a\":1}}", "\u0000"]) {
      cases.push({ name: `malformed JSON ${JSON.stringify(raw)}`, send: { path: base, rawBody: raw }, status: 400, detail: "Request body must be valid JSON" });
    }
    if (schema?.type === "object") {
      for (const body of [[], [valid], "a string", 42, true, null]) {
        cases.push({ name: `body ${JSON.stringify(body)} instead of an object`, send: { path: base, body }, status: 400 });
      }
      const props = Object.entries<any>(schema.properties ?? {});
      const firstProp = props.find(([, ps]) => {
        const types = allowedTypes(ps);
        return types && !types.has("array");
      })?.[0];
      if (firstProp) {
        // 50,000 levels of arrays where a non-array belongs (an unknown field would just be dropped)
        const deep = JSON.stringify({ ...valid, [firstProp]: "__DEEP__" }).replace('"__DEEP__"', `${"[".repeat(50_000)}${"]".repeat(50_000)}`);
        cases.push({ name: `${firstProp} = deeply nested arrays`, send: { path: base, rawBody: deep }, status: "4xx" });
      }
      for (const [prop, propSchema] of props) {
        const allowed = allowedTypes(propSchema);
        if (allowed) {
          for (const w of WRONG_VALUES) {
            if (isAllowed(allowed, w.type)) continue;
            cases.push({
              name: `${prop} = ${JSON.stringify(w.value)} (wrong type)`,
              send: { path: base, body: { ...valid, [prop]: w.value } },
              status: 400,
              detailIncludes: prop,
            });
          }
        }
        const p = resolve(propSchema);
        if (allowed?.has("string") || p?.type === "string") {
          const len = Math.max(100_000, (p?.maxLength ?? 0) + 1);
          cases.push({ name: `${prop} = ${len} characters`, send: { path: base, body: { ...valid, [prop]: "x".repeat(len) } }, status: "4xx" });
        }
        if (allowed && (allowed.has("integer") || allowed.has("number"))) {
          for (const n of [-1e12, 1e12, -1]) {
            if (n === -1 && !(typeof p?.minimum === "number" && p.minimum >= 0)) continue;
            cases.push({ name: `${prop} = ${n} (out of range)`, send: { path: base, body: { ...valid, [prop]: n } }, status: "4xx" });
          }
          if (!allowed.has("number")) {
            cases.push({ name: `${prop} = 1.5 (not an integer)`, send: { path: base, body: { ...valid, [prop]: 1.5 } }, status: 400, detailIncludes: prop });
          }
        }
      }
      for (const prop of schema.required ?? []) {
        const { [prop]: _omitted, ...rest } = valid;
        cases.push({ name: `missing required ${prop}`, send: { path: base, body: rest }, status: 400, detailIncludes: prop });
      }
      if ((schema.required ?? []).length) {
        cases.push({ name: "no body at all", send: { path: base }, status: 400 });
        cases.push({ name: "empty object", send: { path: base, body: {} }, status: 400 });
      }
    }
  }

  for (const q of queryParams(o)) {
    const s = resolve(q.schema);
    const types = allowedTypes(q.schema);
    const bad: string[] = [];
    if (types && !types.has("string")) {
      if (types.has("integer") || types.has("number")) bad.push("abc", "", "1e999", "NaN");
      if (types.has("integer") && !types.has("number")) bad.push("1.5");
      if (types.has("boolean")) bad.push("maybe");
    }
    if (s?.enum) bad.push("definitely-not-a-member");
    for (const value of bad) {
      cases.push({ name: `query ${q.name}=${JSON.stringify(value)}`, send: { path: withQuery(path, { ...requiredQuery, [q.name]: value }) }, status: "4xx" });
    }
    if (types && (types.has("integer") || types.has("number"))) {
      for (const value of ["-1000000000000", "1000000000000"]) {
        cases.push({ name: `query ${q.name}=${value} (out of range)`, send: { path: withQuery(path, { ...requiredQuery, [q.name]: value }) }, status: "4xx" });
      }
    }
    if (!types || types.has("string")) {
      const len = Math.max(100_000, (s?.maxLength ?? 0) + 1);
      cases.push({ name: `query ${q.name} of ${len} characters`, send: { path: withQuery(path, { ...requiredQuery, [q.name]: "x".repeat(len) }) }, status: "4xx" });
    }
    if (q.required) {
      const { [q.name]: _omitted, ...rest } = requiredQuery;
      cases.push({ name: `missing required query ${q.name}`, send: { path: withQuery(path, rest) }, status: "4xx" });
    }
  }
  return cases;
}

function problem(method: string, c: Case, res: ApiResult): string | null {
  const detail = res.body?.detail;
  const where = `${c.name}: got ${res.status} ${res.text.slice(0, 200)}`;
  if (c.status === "4xx" ? res.status < 400 || res.status > 499 : res.status !== c.status) return where;
  if (method === "HEAD") return null; // no body to carry a detail
  if (typeof detail !== "string" || !detail) return `${where} (no string detail)`;
  if (c.detail !== undefined && detail !== c.detail) return `${where} (detail should be ${JSON.stringify(c.detail)})`;
  if (c.detailIncludes !== undefined && !detail.includes(c.detailIncludes)) return `${where} (detail should name ${c.detailIncludes})`;
  return null;
}

// ---- the suite ----------------------------------------------------------------------------------
let alice: TestUser;

beforeAll(async () => {
  vi.stubEnv("RATE_LIMIT_PER_MINUTE", "1000000");
  await resetRateLimits();
  await expectServedDocument(doc);
  alice = await makeUser("robust@example.com");
});

async function ownPath(o: Operation, owner: TestUser): Promise<string> {
  let path = o.path;
  for (const name of pathParamNames(o.path)) {
    let value: string;
    const literal = enumPathParam(doc, o, name);
    if (literal !== undefined) value = literal;
    else if (FIXTURES[name]) value = await FIXTURES[name](owner);
    else {
      throw new Error(
        `${o.method} ${o.path}: no fixture factory for {${name}} – add it to FIXTURES in tests/api/guard-robustness.test.ts`,
      );
    }
    path = path.replace(`{${name}}`, encodeURIComponent(value));
  }
  return path;
}

describe("input robustness (from the OpenAPI document)", () => {
  it("covers at least one operation with a body", () => {
    expect(bodyTargets.length).toBeGreaterThan(0);
    expect(bodyTargets.map((o) => `${o.method} ${o.path}`)).toContain("POST /keys");
  });

  it("has a fixture factory for every path parameter of these operations", () => {
    const missing = new Set<string>();
    for (const o of targets) {
      for (const name of pathParamNames(o.path)) {
        if (!FIXTURES[name] && enumPathParam(doc, o, name) === undefined) missing.add(name);
      }
    }
    expect([...missing], `add fixture factories to FIXTURES in tests/api/guard-robustness.test.ts for: ${[...missing].join(", ")}`).toEqual([]);
  });

  for (const o of targets) {
    it(`${o.method} ${o.path}: every malformed input is a 4xx with a detail`, async () => {
      const auth = requiresAuth(o.op) ? alice.api_key : undefined;
      const path = await ownPath(o, alice);
      const cases = casesFor(o, path);
      expect(cases.length).toBeGreaterThan(0);
      const problems: string[] = [];
      for (const c of cases) {
        const res = await call(o.method, c.send.path, { auth, body: c.send.body, rawBody: c.send.rawBody });
        const p = problem(o.method, c, res);
        if (p) problems.push(p);
      }
      expect(problems, `${o.method} ${o.path}`).toEqual([]);
    });
  }

  for (const o of bodyTargets) {
    it(`${o.method} ${o.path}: a body over 1 MiB → 413 Request body too large`, async () => {
      const auth = requiresAuth(o.op) ? alice.api_key : undefined;
      const path = await ownPath(o, alice);
      const big = JSON.stringify({ padding: "x".repeat(1024 * 1024) });
      const res = await call(o.method, path, { auth, rawBody: big });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ detail: "Request body too large" });
      // a streamed body with no declared length is cut off the same way
      const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent > 2 * 1024 * 1024) return controller.close();
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      const { dispatch } = await import("../helpers/routes");
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (auth) headers.authorization = auth;
      const streamed = await dispatch(
        new Request(`http://localhost/api${path}`, { method: o.method, headers, body: stream, duplex: "half" } as RequestInit),
      );
      expect(streamed.status).toBe(413);
      expect(await streamed.json()).toEqual({ detail: "Request body too large" });
      expect(sent, "the server read the whole stream instead of stopping at the limit").toBeLessThan(2 * 1024 * 1024);
    });
  }

  it("a body just under 1 MiB is read and judged on its content (400, not 413)", async () => {
    const body = JSON.stringify({ name: "x".repeat(1024 * 1024 - 100) });
    expect(body.length).toBeLessThan(1024 * 1024);
    const res = await call("POST", "/keys", { auth: alice.api_key, rawBody: body });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^name: /);
  });

  it("the caller's resources survive the barrage", async () => {
    const res = await call("GET", "/keys", { auth: alice.api_key });
    expect(res.status).toBe(200);
    expect(res.body.find((k: any) => k.id === alice.key_id)?.is_active).toBe(1);
  });
});
