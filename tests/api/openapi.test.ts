// The OpenAPI document: well-formed, and complete – every route handler under app/api has its
// path and method in it (and the document names no route that does not exist). Unknown /api
// routes are 404 `Not found`, with or without credentials.
import { beforeAll, describe, expect, it } from "vitest";
import { isMethodRefusal } from "@/lib/api/method-not-allowed";
import { call } from "../helpers/api";
import { useTestDb } from "../helpers/db";
import { listRouteFiles, openApiPath, type RouteFile } from "../helpers/routes";
import { makeUser, type TestUser } from "../helpers/users";

useTestDb();

const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
/** Route files that are not part of the documented API: the root catch-all answering unknown
 * routes (`app/api/[...path]`) and the Inngest endpoint. Nested catch-alls (e.g. a storage key)
 * are real routes and must be documented. */
const UNDOCUMENTED = (r: RouteFile) =>
  (r.segments.length === 1 && r.segments[0]!.startsWith("[...")) || r.segments[0] === "inngest";

let doc: any;
let alice: TestUser;

beforeAll(async () => {
  alice = await makeUser("openapi@example.com");
  const res = await call("GET", "/openapi.json");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  doc = res.body;
});

/** Every exported HTTP method of every documented route file: ["GET /keys", …]. */
async function routeOperations(): Promise<string[]> {
  const out: string[] = [];
  for (const r of listRouteFiles().filter((r) => !UNDOCUMENTED(r))) {
    const mod = (await import(r.file)) as Record<string, unknown>;
    for (const m of HTTP_METHODS) if (typeof mod[m] === "function" && !isMethodRefusal(mod[m])) out.push(`${m} ${openApiPath(r)}`);
  }
  return out.sort();
}

function documentedOperations(d: any): string[] {
  const out: string[] = [];
  for (const [path, item] of Object.entries<any>(d.paths ?? {})) {
    for (const m of HTTP_METHODS) if (item[m.toLowerCase()]) out.push(`${m} ${path}`);
  }
  return out.sort();
}

function collectRefs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => collectRefs(n, out));
  else if (node && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref" && typeof v === "string") out.push(v);
      else collectRefs(v, out);
    }
  }
  return out;
}

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.0 document", () => {
    expect(doc.openapi).toMatch(/^3\.0\.\d+$/);
    expect(typeof doc.info?.title).toBe("string");
    expect(doc.info.title.length).toBeGreaterThan(0);
    expect(typeof doc.info?.version).toBe("string");
    expect(doc.servers).toEqual([{ url: "/api" }]);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
    expect(doc.components.securitySchemes.apiKey).toEqual({ type: "apiKey", in: "header", name: "Authorization" });
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.schemas.Error).toMatchObject({ type: "object", required: ["detail"] });
  });

  it("every operation is well-formed: paths start with /, ids unique, responses present, path params declared", () => {
    const ops = documentedOperations(doc);
    expect(ops.length).toBeGreaterThan(0);
    const operationIds = new Set<string>();
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      expect(path).toMatch(/^\/[^?#]*$/);
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries<any>(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(HTTP_METHODS.map((m) => m.toLowerCase()), where).toContain(method);
        expect(typeof op.operationId, where).toBe("string");
        expect(operationIds.has(op.operationId), `duplicate operationId ${op.operationId}`).toBe(false);
        operationIds.add(op.operationId);
        expect(typeof op.summary, where).toBe("string");
        expect(Object.keys(op.responses ?? {}).some((c) => /^[23]\d\d$/.test(c)), `${where} has no 2xx or 3xx response`).toBe(true);
        const pathParams = (op.parameters ?? []).filter((p: any) => p.in === "path");
        expect(pathParams.map((p: any) => p.name).sort(), `${where} path parameters`).toEqual(templated);
        for (const p of pathParams) expect(p.required, where).toBe(true);
        const needsAuth = op.security === undefined || op.security.length > 0;
        if (needsAuth) expect(op.responses["401"], `${where} needs auth but documents no 401`).toBeDefined();
      }
    }
  });

  it("every $ref resolves to a component schema", () => {
    const refs = collectRefs(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\/[^/]+$/);
      expect(doc.components.schemas[ref.split("/").pop()!], ref).toBeDefined();
    }
  });

  it("documents every route handler under app/api, and nothing that is not one", async () => {
    const routes = await routeOperations();
    // the check is meaningless if no routes are found
    expect(routes.length).toBeGreaterThan(0);
    expect(routes).toContain("GET /health");
    const documented = new Set(documentedOperations(doc));
    const missing = routes.filter((op) => !documented.has(op));
    expect(missing, `route handlers without an OpenAPI entry (add their contract to lib/openapi/endpoints.ts)`).toEqual([]);
    const routeSet = new Set(routes);
    const phantom = [...documented].filter((op) => !routeSet.has(op));
    expect(phantom, "documented operations without a route handler").toEqual([]);
  });

  it("needs no credentials and is stable between calls", async () => {
    const again = await call("GET", "/openapi.json", { auth: alice.api_key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(doc);
  });
});

describe("path ids, declared once in the contract (pathId)", () => {
  /** Path parameters that are ids but not checked by the route wrapper: the presigned part URL
   * answers by its signature (403), whatever the id. */
  const NOT_WRAPPED = new Set(["PUT /storage/multipart/{upload_id}/parts/{part_number}"]);

  it("every *_id path parameter is documented as a UUID naming its resource", () => {
    let seen = 0;
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        if (NOT_WRAPPED.has(`${method.toUpperCase()} ${path}`)) continue;
        for (const p of (op.parameters ?? []).filter((p: any) => p.in === "path" && p.name.endsWith("_id"))) {
          expect(p.schema.format, `${method} ${path} {${p.name}}`).toBe("uuid");
          expect(p.description, `${method} ${path} {${p.name}}`).toMatch(/ not found\)$/);
          seen++;
        }
      }
    }
    expect(seen).toBeGreaterThan(40);
  });

  it("a malformed one is 404 {detail: '<resource> not found'} on every operation, with any body", async () => {
    let checked = 0;
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        if (method === "head") continue;
        const ids = (op.parameters ?? []).filter((p: any) => p.in === "path" && p.schema.format === "uuid");
        if (ids.length === 0) continue;
        const concrete = path.replace(/\{[^}]+\}/g, "not-a-uuid");
        const res = await call(method.toUpperCase(), concrete, { auth: alice.api_key, body: method === "get" ? undefined : { junk: [1] } });
        const resource = /^The (.+)'s id/.exec(ids[0].description)![1];
        expect([res.status, res.body], `${method.toUpperCase()} ${path}`).toEqual([404, { detail: `${resource} not found` }]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });
});

describe("known /api routes called with a method they do not have", () => {
  const CALLABLE = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

  it("every route file answers every method: its own operations, or a refusal", async () => {
    const files = listRouteFiles();
    expect(files.length).toBeGreaterThan(10);
    for (const r of files) {
      const mod = (await import(r.file)) as Record<string, unknown>;
      for (const m of [...CALLABLE, "OPTIONS"]) {
        expect(typeof mod[m], `${m} ${openApiPath(r)}: end the file with otherMethods(...) from lib/api/method-not-allowed`).toBe("function");
      }
    }
  });

  it("405 {detail} with an Allow header naming the methods the route has", async () => {
    const ops = documentedOperations(doc);
    const byPath = new Map<string, string[]>();
    for (const op of ops) {
      const [m, p] = op.split(" ");
      byPath.set(p!, [...(byPath.get(p!) ?? []), m!]);
    }
    let checked = 0;
    for (const [path, methods] of byPath) {
      const concrete = path.replace(/\{[^}]+\}/g, "00000000-0000-0000-0000-000000000000");
      for (const m of CALLABLE.filter((m) => !methods.includes(m))) {
        const res = await call(m, concrete, { auth: alice.api_key, body: m === "GET" ? undefined : {} });
        expect(res.status, `${m} ${path}`).toBe(405);
        expect(res.body.detail, `${m} ${path}`).toBe(`Method ${m} is not allowed here (allowed: ${CALLABLE.filter((x) => methods.includes(x)).join(", ")})`);
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        const allow = res.headers.get("allow")!.split(", ");
        for (const own of methods) expect(allow, `${m} ${path}`).toContain(own);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
    const put = await call("PUT", "/keys", { auth: alice.api_key, body: {} });
    expect(put.status).toBe(405);
    expect(put.body).toEqual({ detail: "Method PUT is not allowed here (allowed: GET, POST)" });
    expect(put.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
    const options = await call("OPTIONS", "/keys");
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
  });
});

describe("unknown /api routes", () => {
  const paths = ["/nope", "/keys/x/y", "/keys/00000000-0000-0000-0000-000000000000/extra", "/health/deep/er", "/a/b/c/d"];

  it("404 {detail: Not found} without credentials", async () => {
    for (const path of paths) {
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
        const res = await call(method, path);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body, `${method} ${path}`).toEqual({ detail: "Not found" });
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      }
    }
  });

  it("404 {detail: Not found} with valid and invalid credentials", async () => {
    for (const auth of [alice.api_key, `Bearer ${alice.api_key}`, "svc_live_bad", "Bearer garbage"]) {
      for (const path of paths) {
        const res = await call("GET", path, { auth });
        expect(res.status, `GET ${path}`).toBe(404);
        expect(res.body).toEqual({ detail: "Not found" });
        const post = await call("POST", path, { auth, body: { name: "x" } });
        expect(post.status).toBe(404);
        expect(post.body).toEqual({ detail: "Not found" });
      }
    }
  });
});
