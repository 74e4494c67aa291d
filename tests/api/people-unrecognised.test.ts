// The people answer's "Unrecognised faces" entry: faces seen but given to no person are listed
// last with unrecognised: true and how many there were, and cannot be named (its id is no person's:
// 404 Person not found, as for any id that is not a UUID).
import { beforeAll, expect, it } from "vitest";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { addEmbeddedVideo } from "../helpers/segments";
import { makeUser, type TestUser } from "../helpers/users";

useApiTestEnv("people-unrecognised");

let alice: TestUser;
let jobId: string;

beforeAll(async () => {
  alice = await makeUser("unrecognised-alice@example.com");
  const metadata = JSON.stringify({ provider: "local", method: "faceres_average_linkage", kind: "person", person_id: "unrecognised", person_name: "Unrecognised faces", unrecognised: true, faces_seen: 2 });
  ({ jobId } = await addEmbeddedVideo(alice, [{ module: "visualelements", start: 0, end: 2, content: "Unrecognised faces on screen" }, { module: "visualelements", start: 4, end: 6, content: "Unrecognised faces on screen" }], { duration: 8, segmentSeconds: 2, metadata }));
});

it("lists the unrecognised faces with their shots and count; renaming them is not possible", async () => {
  const res = await call("GET", `/videos/${jobId}/people`, { auth: alice.api_key });
  expect(res.status, res.text).toBe(200);
  expect(res.body).toHaveLength(1);
  expect(res.body[0]).toMatchObject({ person_id: "unrecognised", name: "Unrecognised faces", unrecognised: true, faces: 4, total_seconds: 4, appearances: [{ start: 0, end: 2 }, { start: 4, end: 6 }] });
  const rename = await call("PATCH", `/videos/${jobId}/people/unrecognised`, { auth: alice.api_key, body: { name: "Alice" } });
  expect(rename.status).toBe(404);
  expect(rename.body).toEqual({ detail: "Person not found" });
});
