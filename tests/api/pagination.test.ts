// Optional pages of GET /api/videos, /api/clips, /api/notifications and /api/storage/files:
// `limit` and an opaque `cursor`, the body unchanged in shape, a `Link: <…>; rel="next"` header
// while more follow; following the links walks the whole list in its order, without a row twice
// or missing (rows sharing a creation time included). Without `limit` the answers are as before.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { insertVideo } from "@/db/queries/videos";
import { clips, notifications } from "@/db/schema";
import { getStorage } from "@/lib/storage";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeUser, type TestUser } from "../helpers/users";

useApiTestEnv("pagination");

let alice: TestUser;
let bob: TestUser;

/** Seven creation times, two of them equal to the millisecond (and one more within it). */
const times = [
  "2026-01-01T10:00:00.000Z",
  "2026-01-02T10:00:00.000Z",
  "2026-01-03T10:00:00.000Z",
  "2026-01-03T10:00:00.000Z",
  "2026-01-04T10:00:00.000Z",
  "2026-01-05T10:00:00.000Z",
  "2026-01-06T10:00:00.000Z",
].map((t) => new Date(t));

beforeAll(async () => {
  alice = await makeUser("alice-pages@example.com");
  bob = await makeUser("bob-pages@example.com");
  const db = await getDb();
  for (const [i, createdAt] of times.entries()) {
    await insertVideo(db, { userId: alice.user_id, jobId: crypto.randomUUID(), name: `v${i}.mp4`, storagePath: `users/${alice.user_id}/v${i}.mp4`, duration: 10, status: i % 2 ? "completed" : "uploaded", createdAt, updatedAt: createdAt });
    await db.insert(clips).values({ userId: alice.user_id, title: `c${i}`, status: "failed", error: "seeded", ranges: [], duration: 1, createdAt, updatedAt: createdAt });
    await db.insert(notifications).values({ userId: alice.user_id, title: `n${i}`, message: "seeded", type: "info", createdAt });
    await getStorage().putBytes(`users/${alice.user_id}/f${i}.mp4`, `file ${i}`, "video/mp4");
  }
  await insertVideo(db, { userId: bob.user_id, jobId: crypto.randomUUID(), name: "bob.mp4", storagePath: `users/${bob.user_id}/bob.mp4`, duration: 10 });
});

/** Follows the Link headers from `first`, returning every page's items. */
async function walk(first: string, items: (body: any) => any[]): Promise<{ pages: any[][]; links: string[] }> {
  const pages: any[][] = [];
  const links: string[] = [];
  let next: string | null = first;
  while (next) {
    const res = await call("GET", next, { auth: alice.api_key });
    expect(res.status, res.text).toBe(200);
    pages.push(items(res.body));
    const link = res.headers.get("link");
    if (!link) break;
    links.push(link);
    const m = /^<([^>]+)>; rel="next"$/.exec(link);
    expect(m, link).not.toBeNull();
    next = m![1]!.replace(/^\/api/, "");
    expect(pages.length).toBeLessThan(20);
  }
  return { pages, links };
}

const LISTS: { path: string; items: (b: any) => any[]; id: (x: any) => string }[] = [
  { path: "/videos", items: (b) => b, id: (v) => v.job_id },
  { path: "/clips", items: (b) => b, id: (c) => c.clip_id },
  { path: "/notifications", items: (b) => b, id: (n) => n.id },
  { path: "/storage/files", items: (b) => b.files, id: (f) => f.filePath },
];

describe.each(LISTS)("GET /api$path with limit and cursor", ({ path, items, id }) => {
  it("pages of `limit` with Link rel=next walk the whole list in order, each row once", async () => {
    const whole = await call("GET", path, { auth: alice.api_key });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("link")).toBeNull();
    const all = items(whole.body).map(id);
    // the seeded seven (notifications: and the welcome message)
    expect(all.length).toBeGreaterThanOrEqual(7);
    expect(all.length).toBeLessThanOrEqual(8);

    const { pages, links } = await walk(`${path}?limit=3`, items);
    expect(pages.map((p) => p.length)).toEqual(all.length === 7 ? [3, 3, 1] : [3, 3, 2]);
    expect(links).toHaveLength(2);
    expect(pages.flat().map(id)).toEqual(all);

    const ones = await walk(`${path}?limit=1`, items);
    expect(ones.pages.flat().map(id)).toEqual(all);
    const exact = await walk(`${path}?limit=${all.length}`, items);
    expect(exact.pages).toHaveLength(1);
    expect(exact.links).toHaveLength(0);
  });

  it("400 for a limit out of 1–200 (or not a number) and for a cursor that is not one of ours", async () => {
    for (const q of ["limit=0", "limit=201", "limit=abc", "limit=2.5"]) {
      if (path === "/notifications" && q === "limit=201") continue; // notifications always took up to 1000
      const res = await call("GET", `${path}?${q}`, { auth: alice.api_key });
      expect(res.status, q).toBe(400);
      expect(res.body.detail).toMatch(/^limit: /);
    }
    for (const cursor of ["!!!", "bm9wZQ", Buffer.from("2026-01-01T00:00:00.000Z|not-a-uuid").toString("base64url"), "x".repeat(600)]) {
      const res = await call("GET", `${path}?limit=2&cursor=${encodeURIComponent(cursor)}`, { auth: alice.api_key });
      expect(res.status, cursor).toBe(400);
      expect(res.body.detail).toMatch(/^cursor: /);
    }
  });

  it("another user's pages hold none of these rows", async () => {
    const res = await call("GET", `${path}?limit=200`, { auth: bob.api_key });
    expect(res.status).toBe(200);
    const mine = new Set((await walk(`${path}?limit=200`, items)).pages.flat().map(id));
    expect(mine.size).toBeGreaterThanOrEqual(7);
    expect(items(res.body).some((x) => mine.has(id(x)))).toBe(false);
  });
});

describe("filters and pages together", () => {
  it("GET /api/videos?status=…&limit= pages within the filter, and the Link keeps it", async () => {
    const { pages, links } = await walk("/videos?status=completed&limit=2", (b) => b);
    expect(pages.flat()).toHaveLength(3);
    expect(pages.flat().every((v) => v.status === "completed")).toBe(true);
    expect(links[0]).toContain("status=completed");
  });

  it("GET /api/notifications without limit still answers the 50 newest with no Link", async () => {
    const res = await call("GET", "/notifications", { auth: alice.api_key });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(7);
    expect(res.headers.get("link")).toBeNull();
  });
});
