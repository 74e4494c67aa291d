// Segments a run replaces hand their vectors on: deleteSegments with `vectorsOf` answers the vectors
// of that model the deleted segments had, by their text, and the pipeline writes a segment that
// says the same with that vector instead of embedding it again (a chunked run's merge replaces the
// transcript each part embedded as it ended: bench/pipeline/chunked-scaling's embed step). The
// vectors are marked by hand here, so a vector made afresh would differ.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { deleteSegments } from "@/db/queries/segments";
import { EMBEDDING_DIMENSIONS, segments } from "@/db/schema";
import { currentEmbeddingModel } from "@/lib/ai/embeddings";
import { useApiTestEnv } from "../helpers/env";
import { addEmbeddedVideo } from "../helpers/segments";
import { makeUser, type TestUser } from "../helpers/users";

useApiTestEnv("vector-reuse");

let user: TestUser;

beforeAll(async () => {
  user = await makeUser("vectors@example.com");
});

const marked = (at: number) => Array.from({ length: EMBEDDING_DIMENSIONS }, (_, i) => (i === at ? 1 : 0));

describe("deleteSegments with vectorsOf", () => {
  it("answers the deleted segments' vectors of that model by their text, and none of another model or of segments it keeps", async () => {
    const { jobId } = await addEmbeddedVideo(
      user,
      [
        { module: "transcription", start: 0, content: "The car needs a new clutch" },
        { module: "transcription", start: 2, content: "The doctor will see you now" },
        { module: "transcription", start: 4, content: "Happy birthday to you" },
        { module: "shots", start: 0, content: "Shot 1 · 2.0 s" },
      ],
      { duration: 6, segmentSeconds: 2, metadata: null },
    );
    const model = currentEmbeddingModel();
    const db = await getDb();
    const rows = await db.select().from(segments).where(eq(segments.jobId, jobId));
    expect(rows).toHaveLength(4);
    for (const r of rows) expect(r.embeddingModel).toBe(model);
    const byText = (t: string) => rows.find((r) => r.content === t)!.id;
    await db.update(segments).set({ embedding: marked(7) }).where(eq(segments.id, byText("The car needs a new clutch")));
    await db.update(segments).set({ embedding: marked(9), embeddingModel: "another-model" }).where(eq(segments.id, byText("The doctor will see you now")));
    // The owner's correction stays (keepEdited), so its vector is not answered.
    await db.update(segments).set({ edited: true }).where(eq(segments.id, byText("Happy birthday to you")));

    const vectors = await deleteSegments(db, { userId: user.user_id, jobId, module: "transcription", keepEdited: true, vectorsOf: model });
    expect([...vectors.keys()]).toEqual(["The car needs a new clutch"]);
    expect(vectors.get("The car needs a new clutch")).toEqual(marked(7));
    const left = await db.select({ content: segments.content }).from(segments).where(eq(segments.jobId, jobId));
    expect(left.map((r) => r.content).sort()).toEqual(["Happy birthday to you", "Shot 1 · 2.0 s"]);

    // Without vectorsOf it deletes the same way and answers nothing.
    expect((await deleteSegments(db, { userId: user.user_id, jobId })).size).toBe(0);
    expect(await db.select().from(segments).where(eq(segments.jobId, jobId))).toEqual([]);
  });
});
