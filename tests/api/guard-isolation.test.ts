// Ownership isolation, driven by the OpenAPI document so every future route is covered: for each
// authenticated operation with a path parameter, user A calls it with ids of user B's resources.
// The answer must be the 404 `<Resource> not found` that a nonexistent id gets (never revealing that
// the resource exists), and B's resource and account must be unchanged.
//
// B's ids come from FIXTURES: path-parameter name → factory that creates such a resource for its
// owner through the API. A path parameter in the document without a factory fails this suite:
// add one here (and in guard-robustness.test.ts) when you add routes with a new parameter.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { insertNotification } from "@/db/queries/notifications";
import { resetRateLimits } from "@/lib/api/rate-limit";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeClip } from "../helpers/media";
import { enumPathParam, expectServedDocument, listOperations, loadOpenApiDoc, pathParamNames, requiresAuth, sampleValue, type Operation } from "../helpers/openapi-doc";
import { makeUser, type TestUser } from "../helpers/users";
import { registerClip } from "../helpers/videos";
import { addEmbeddedVideo } from "../helpers/segments";

useApiTestEnv("isolation");

interface Fixture {
  id: string;
  /** Asserts, as the owner, that the resource is still there and unchanged. */
  intact: () => Promise<void>;
}

const FIXTURES: Record<string, (owner: TestUser) => Promise<Fixture>> = {
  key_id: async (owner) => {
    const created = await call("POST", "/keys", { auth: owner.api_key, body: { name: "isolation fixture" } });
    expect(created.status).toBe(201);
    const { id, raw_key } = created.body;
    return {
      id,
      intact: async () => {
        const list = await call("GET", "/keys", { auth: owner.api_key });
        const row = list.body.find((k: any) => k.id === id);
        expect(row, `key ${id} is gone`).toBeDefined();
        expect(row.is_active).toBe(1);
        expect(row.name).toBe("isolation fixture");
        const use = await call("GET", "/keys", { auth: raw_key });
        expect(use.status, "the owner's key no longer authenticates").toBe(200);
      },
    };
  },
  job_id: async (owner) => {
    const jobId = await registerClip(owner, makeClip("isolation", { seconds: 2 }));
    const stable = (v: any) => ({
      status: v.status,
      name: v.name,
      description: v.description,
      project_id: v.project_id,
      storage_path: v.storage_path,
      selected_insights: v.selected_insights,
      updated_at: v.updated_at,
    });
    const before = await call("GET", `/videos/${jobId}`, { auth: owner.api_key });
    expect(before.status).toBe(200);
    expect(before.body.status).toBe("uploaded");
    return {
      id: jobId,
      intact: async () => {
        const after = await call("GET", `/videos/${jobId}`, { auth: owner.api_key });
        expect(after.status, `video ${jobId} is gone`).toBe(200);
        expect(stable(after.body)).toEqual(stable(before.body));
      },
    };
  },
  project_id: async (owner) => {
    const created = await call("POST", "/projects", { auth: owner.api_key, body: { name: "isolation fixture", description: "d" } });
    expect(created.status).toBe(201);
    const { id } = created.body;
    return {
      id,
      intact: async () => {
        const after = await call("GET", `/projects/${id}`, { auth: owner.api_key });
        expect(after.status, `project ${id} is gone`).toBe(200);
        expect(after.body).toMatchObject({ name: "isolation fixture", description: "d", video_count: 0, updated_at: created.body.updated_at });
      },
    };
  },
  webhook_id: async (owner) => {
    const created = await call("POST", "/webhooks", { auth: owner.api_key, body: { url: "https://hooks.example.com/isolation", description: "d" } });
    expect(created.status).toBe(201);
    const { id } = created.body;
    const before = (await call("GET", `/webhooks/${id}`, { auth: owner.api_key })).body;
    return {
      id,
      intact: async () => {
        const after = await call("GET", `/webhooks/${id}`, { auth: owner.api_key });
        expect(after.status, `webhook ${id} is gone`).toBe(200);
        expect(after.body).toEqual(before);
        const log = await call("GET", `/webhooks/${id}/deliveries`, { auth: owner.api_key });
        expect(log.body, "another user queued a delivery").toEqual([]);
      },
    };
  },
  session_id: async (owner) => {
    const created = await call("POST", "/chat/sessions", { auth: owner.api_key, body: { title: "isolation fixture" } });
    expect(created.status).toBe(201);
    const { id } = created.body;
    const msg = await call("POST", `/chat/sessions/${id}/messages`, { auth: owner.api_key, body: { content: "isolation message" } });
    expect(msg.status).toBe(201);
    const before = (await call("GET", `/chat/sessions/${id}`, { auth: owner.api_key })).body;
    return {
      id,
      intact: async () => {
        const after = await call("GET", `/chat/sessions/${id}`, { auth: owner.api_key });
        expect(after.status, `chat session ${id} is gone`).toBe(200);
        expect(after.body).toEqual(before);
        const msgs = await call("GET", `/chat/sessions/${id}/messages`, { auth: owner.api_key });
        expect(msgs.body.map((m: any) => m.content)).toEqual(["isolation message"]);
      },
    };
  },
  upload_id: async (owner) => {
    const created = await call("POST", "/storage/multipart", { auth: owner.api_key, body: { file_name: "isolation.mp4", file_size: 1000 } });
    expect(created.status).toBe(201);
    const { upload_id } = created.body;
    const before = (await call("GET", `/storage/multipart/${upload_id}`, { auth: owner.api_key })).body;
    return {
      id: upload_id,
      intact: async () => {
        const after = await call("GET", `/storage/multipart/${upload_id}`, { auth: owner.api_key });
        expect(after.status, `multipart upload ${upload_id} is gone`).toBe(200);
        expect(after.body).toEqual(before);
      },
    };
  },
  // Notifications are written by the system (no endpoint creates one): insert one for the owner.
  notification_id: async (owner) => {
    const row = await insertNotification(await getDb(), { userId: owner.user_id, title: "isolation fixture", message: "m", type: "info" });
    return {
      id: row.id,
      intact: async () => {
        const list = await call("GET", "/notifications?limit=1000", { auth: owner.api_key });
        const n = list.body.find((x: any) => x.id === row.id);
        expect(n, `notification ${row.id} is gone`).toBeDefined();
        expect(n.is_read).toBe(0);
      },
    };
  },
  // A transcript line of the owner's (a video with segments, written as a finished run would).
  segment_id: async (owner) => {
    const { jobId } = await addEmbeddedVideo(owner, [{ module: "transcription", start: 0, content: "isolation line" }], { duration: 10, segmentSeconds: 5, metadata: null });
    const list = await call("GET", `/videos/${jobId}/segments`, { auth: owner.api_key });
    expect(list.status).toBe(200);
    const seg = list.body[0];
    expect(seg?.content).toBe("isolation line");
    return {
      id: seg.id,
      intact: async () => {
        const after = await call("GET", `/videos/${jobId}/segments`, { auth: owner.api_key });
        expect(after.body).toEqual(list.body);
        const revs = await call("GET", `/videos/${jobId}/segments/${seg.id}/revisions`, { auth: owner.api_key });
        expect(revs.body.map((r: any) => r.revision)).toEqual([0]);
      },
    };
  },
  // Numbers within a video (revision 0 is every segment's machine original; chapter 0 every video's
  // first): the video's owner is what guards them, and {job_id}'s fixture is checked intact.
  revision: async () => ({ id: "0", intact: async () => {} }),
  index: async () => ({ id: "0", intact: async () => {} }),
  // People are made by a run; the video ({job_id}) guards them, so any id of the right shape serves.
  person_id: async () => ({ id: crypto.randomUUID(), intact: async () => {} }),
  clip_id: async (owner) => {
    const jobId = await registerClip(owner, makeClip("isolation-clip", { seconds: 2 }));
    const created = await call("POST", "/clips", { auth: owner.api_key, body: { job_id: jobId, ranges: [{ start: 0, end: 1 }], title: "isolation fixture" } });
    expect(created.status, created.text).toBe(202);
    const { clip_id } = created.body;
    return {
      id: clip_id,
      intact: async () => {
        const after = await call("GET", `/clips/${clip_id}`, { auth: owner.api_key });
        expect(after.status, `clip ${clip_id} is gone`).toBe(200);
        expect(after.body.title).toBe("isolation fixture");
      },
    };
  },
};

// ---- the document -------------------------------------------------------------------------------
// Built at collection time so each operation gets its own test; beforeAll checks that the served
// /api/openapi.json is this same document.
const doc = loadOpenApiDoc();
const allOperations = listOperations(doc);
const targets = allOperations.filter((o) => requiresAuth(o.op) && pathParamNames(o.path).length > 0);
const sample = (schema: any) => sampleValue(doc, schema);

/** The request of an operation with the given path ids, a valid body and required query. */
function request(o: Operation, ids: Record<string, string>) {
  let path = o.path;
  for (const name of pathParamNames(o.path)) path = path.replace(`{${name}}`, encodeURIComponent(ids[name]!));
  const query = new URLSearchParams();
  for (const p of o.op.parameters ?? []) {
    if (p.in === "query" && p.required) query.set(p.name, String(sample(p.schema)));
  }
  const body = o.op.requestBody ? sample(o.op.requestBody.content?.["application/json"]?.schema) : undefined;
  return { path: query.size ? `${path}?${query}` : path, body };
}

/** Path params that are not resource ids (an enum in the document, e.g. a module name) need no factory. */
const paramValue = (o: Operation, name: string) => enumPathParam(doc, o, name);

function missingFactories(): string[] {
  const missing = new Set<string>();
  for (const o of targets) {
    for (const name of pathParamNames(o.path)) if (!FIXTURES[name] && paramValue(o, name) === undefined) missing.add(name);
  }
  return [...missing].sort();
}

/** Fields that change without anyone touching the account: use times and short-lived signed URLs. */
const VOLATILE = /^(last_used_at|.*_url|.*token|expires_at)$/;

/** B's account as B sees it through every plain authenticated GET (volatile fields aside). */
async function snapshot(owner: TestUser): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const o of allOperations) {
    if (o.method !== "GET" || !requiresAuth(o.op) || pathParamNames(o.path).length) continue;
    if ((o.op.parameters ?? []).some((p: any) => p.required)) continue;
    const ok = Object.entries<any>(o.op.responses).find(([code]) => /^2/.test(code))?.[1];
    if (!ok?.content?.["application/json"]) continue;
    const res = await call("GET", o.path, { auth: owner.api_key });
    out[o.path] = JSON.parse(JSON.stringify({ status: res.status, body: res.body }), (k, v) =>
      VOLATILE.test(k) ? undefined : v,
    );
  }
  return out;
}

// ---- the suite ----------------------------------------------------------------------------------
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  vi.stubEnv("RATE_LIMIT_PER_MINUTE", "1000000");
  await resetRateLimits();
  await expectServedDocument(doc);
  alice = await makeUser("alice-iso@example.com");
  bob = await makeUser("bob-iso@example.com");
});

describe("ownership isolation (from the OpenAPI document)", () => {
  it("covers at least one operation, including the key routes", () => {
    expect(targets.length).toBeGreaterThan(0);
    const names = targets.map((o) => `${o.method} ${o.path}`);
    expect(names).toContain("PATCH /keys/{key_id}");
    expect(names).toContain("DELETE /keys/{key_id}");
  });

  it("has a fixture factory for every path parameter in the document", () => {
    const missing = missingFactories();
    expect(
      missing,
      `No fixture factory for path parameter(s) ${missing.map((m) => `{${m}}`).join(", ")}: add one to FIXTURES in ` +
        "tests/api/guard-isolation.test.ts and tests/api/guard-robustness.test.ts (create the resource through the API, return its id)",
    ).toEqual([]);
  });

  it("the snapshot of an account reads at least one list", async () => {
    expect(Object.keys(await snapshot(bob)).length).toBeGreaterThan(0);
  });

  for (const o of targets) {
    it(`${o.method} ${o.path} with another user's id → 404, their resource untouched`, async () => {
      const names = pathParamNames(o.path);
      const missing = names.filter((n) => !FIXTURES[n] && paramValue(o, n) === undefined);
      if (missing.length) {
        throw new Error(
          `${o.method} ${o.path}: no fixture factory for ${missing.map((m) => `{${m}}`).join(", ")} – add it to FIXTURES in tests/api/guard-isolation.test.ts`,
        );
      }
      const bobs: Record<string, string> = {};
      const fixtures: Fixture[] = [];
      for (const name of names) {
        const literal = paramValue(o, name);
        if (literal !== undefined) bobs[name] = literal;
        else {
          const f = await FIXTURES[name]!(bob);
          fixtures.push(f);
          bobs[name] = f.id;
        }
      }
      const before = await snapshot(bob);

      const req = request(o, bobs);
      for (const auth of [alice.api_key, `Bearer ${alice.api_key}`]) {
        const res = await call(o.method, req.path, { auth, body: req.body });
        expect(res.status, `${o.method} ${req.path} as another user: ${res.text}`).toBe(404);
        if (o.method !== "HEAD") {
          expect(typeof res.body?.detail).toBe("string");
          expect(res.body.detail).toMatch(/^[A-Z][A-Za-z ]* not found$/);
        }

        // indistinguishable from an id that does not exist
        const ghostIds = Object.fromEntries(
          names.map((n) => [n, paramValue(o, n) ?? crypto.randomUUID()]),
        );
        const ghostReq = request(o, ghostIds);
        const ghost = await call(o.method, ghostReq.path, { auth, body: ghostReq.body });
        expect(ghost.status).toBe(res.status);
        expect(ghost.body).toEqual(res.body);
      }

      expect(await snapshot(bob)).toEqual(before);
      for (const f of fixtures) await f.intact();
    });
  }
});
