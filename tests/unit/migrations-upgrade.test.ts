// Upgrades keep data: a database made by the oldest released schema (migrations 0000-0001 of the
// journal, as the first release shipped them) with rows in that shape migrates to this build's head,
// and the current queries read every row back (tests/db/schema-newer.test.ts: the other direction).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder, type Db } from "@/db/client";
import * as schema from "@/db/schema";
import { findActiveKeyByHash } from "@/db/queries/api-keys";
import { getImport } from "@/db/queries/imports";
import { listProjects } from "@/db/queries/projects";
import { latestRunForJob } from "@/db/queries/runs";
import { listSegments } from "@/db/queries/segments";
import { getProfile, getUserById } from "@/db/queries/users";
import { getVideoByJobId, listVideos } from "@/db/queries/videos";
import { journalMigrations, MIGRATIONS_TABLE } from "@/db/schema-version";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});
function tmp(prefix: string): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(d);
  return d;
}

/** A migrations folder with the first `count` migrations of this build's journal only. */
function oldMigrations(count: number): string {
  const src = migrationsFolder();
  const journal = JSON.parse(fs.readFileSync(path.join(src, "meta", "_journal.json"), "utf8"));
  const dir = tmp("va-old-migrations-");
  fs.mkdirSync(path.join(dir, "meta"));
  journal.entries = journal.entries.slice(0, count);
  for (const e of journal.entries) fs.copyFileSync(path.join(src, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  return dir;
}

const USER = "11111111-1111-4111-8111-111111111111";
const PROJECT = "22222222-2222-4222-8222-222222222222";
const VIDEO = "33333333-3333-4333-8333-333333333333";
const JOB = "44444444-4444-4444-8444-444444444444";
const RUN = "55555555-5555-4555-8555-555555555555";
const embedding = `[${Array.from({ length: 512 }, (_, i) => ((i % 7) / 7).toFixed(3)).join(",")}]`;

describe("upgrading from the oldest schema", () => {
  it("migrates a 0001_init database with rows in its shape to head and reads them back", async () => {
    const client = new PGlite({ extensions: { vector } });
    try {
      const db = drizzle({ client, schema }) as unknown as Db;
      await migrate(db as never, { migrationsFolder: oldMigrations(2) });
      // Rows as the first release wrote them: module lists as JSON text (jsonb since 0008).
      await client.exec(`
        INSERT INTO users (id) VALUES ('${USER}');
        INSERT INTO profiles (user_id, email, full_name) VALUES ('${USER}', 'old@example.com', 'Old Timer');
        INSERT INTO api_keys (user_id, name, key_hash, key_prefix) VALUES ('${USER}', 'laptop', 'hash-of-old-key', 'svc_live_old');
        INSERT INTO projects (id, user_id, name) VALUES ('${PROJECT}', '${USER}', 'Harbour films');
        INSERT INTO videos (id, user_id, job_id, project_id, name, status, selected_insights, duration, file_size, storage_path)
          VALUES ('${VIDEO}', '${USER}', '${JOB}', '${PROJECT}', 'boats.mp4', 'completed', '["transcription","scenes"]', 6.5, 1234, 'u/${USER}/boats.mp4');
        INSERT INTO processing_runs (id, video_id, job_id, user_id, status, modules, finished_at)
          VALUES ('${RUN}', '${VIDEO}', '${JOB}', '${USER}', 'completed', '["transcription","scenes"]', now());
        INSERT INTO segments (video_id, job_id, user_id, module, content, start_time, end_time, metadata, embedding, embedding_model)
          VALUES ('${VIDEO}', '${JOB}', '${USER}', 'transcription', 'The boats leave the harbour at dawn', 1, 4, '{"confidence":0.9}', '${embedding}', 'energetic-ai/use-lite-512'),
                 ('${VIDEO}', '${JOB}', '${USER}', 'scenes', 'Scene 1', 0, 6.5, NULL, NULL, NULL);
        INSERT INTO usage_records (user_id, job_id, action, duration_minutes, processing_time, modules)
          VALUES ('${USER}', '${JOB}', 'process', 0.11, 3.2, '["transcription","scenes"]');
      `);

      await migrate(db as never, { migrationsFolder: migrationsFolder() });

      const applied = await client.query<{ created_at: string }>(`select created_at from ${MIGRATIONS_TABLE} order by created_at`);
      expect(applied.rows.map((r) => Number(r.created_at))).toEqual(journalMigrations(migrationsFolder()));
      expect(await getUserById(db, USER)).toMatchObject({ id: USER });
      expect(await getProfile(db, USER)).toMatchObject({ email: "old@example.com", fullName: "Old Timer" });
      expect(await findActiveKeyByHash(db, "hash-of-old-key")).toMatchObject({ userId: USER });
      const [project] = await listProjects(db, USER);
      expect(project).toMatchObject({ id: PROJECT, name: "Harbour films" });
      const video = await getVideoByJobId(db, { userId: USER, jobId: JOB });
      expect(video).toMatchObject({ id: VIDEO, name: "boats.mp4", status: "completed", projectId: PROJECT });
      expect(video!.selectedInsights).toEqual(["transcription", "scenes"]);
      expect((await listVideos(db, { userId: USER })).map((v) => v.jobId)).toEqual([JOB]);
      expect((await latestRunForJob(db, JOB))?.modules).toEqual(["transcription", "scenes"]);
      const segs = await listSegments(db, { userId: USER, jobId: JOB });
      expect(segs.map((s) => [s.module, s.content, s.startTime, s.endTime])).toEqual([
        ["scenes", "Scene 1", 0, 6.5],
        ["transcription", "The boats leave the harbour at dawn", 1, 4],
      ]);
      // The embedding survived 0002's storage change, and full-text search (0003) covers old rows.
      const near = await client.query<{ content: string }>(
        `select content from segments where embedding <=> '${embedding}' < 0.001 and content_tsv @@ plainto_tsquery('english', 'harbour')`,
      );
      expect(near.rows.map((r) => r.content)).toEqual(["The boats leave the harbour at dawn"]);
      const usage = await client.query<{ modules: unknown }>(`select modules from usage_records`);
      expect(usage.rows.map((r) => r.modules)).toEqual([["transcription", "scenes"]]);
    } finally {
      await client.close();
    }
  });
});

describe("0014: video_imports.modules from JSON text to jsonb", () => {
  it("converts the text an import wrote before it into the same list, and the default into an empty one", async () => {
    const client = new PGlite({ extensions: { vector } });
    try {
      const db = drizzle({ client, schema }) as unknown as Db;
      // Every migration before 0014 (later ones, like 0015, must not hide which one converts the column).
      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
      const before = journal.entries.findIndex((e) => e.tag === "0014_video_imports_modules_jsonb");
      expect(before).toBeGreaterThan(0);
      await migrate(db as never, { migrationsFolder: oldMigrations(before) });
      const RUN2 = "66666666-6666-4666-8666-666666666666";
      // Written as start-import.ts wrote them up to 0013: JSON.stringify of the list, or the column's default.
      await client.exec(`
        INSERT INTO users (id) VALUES ('${USER}');
        INSERT INTO videos (id, user_id, job_id, name, status, selected_insights, storage_path)
          VALUES ('${VIDEO}', '${USER}', '${JOB}', 'boats.mp4', 'importing', '["shots","scenes"]', 'u/${USER}/boats.mp4');
        INSERT INTO processing_runs (id, video_id, job_id, user_id, status, action, engine, modules)
          VALUES ('${RUN}', '${VIDEO}', '${JOB}', '${USER}', 'queued', 'import', 'import', '["shots","scenes"]'),
                 ('${RUN2}', '${VIDEO}', '${JOB}', '${USER}', 'queued', 'import', 'import', '[]');
        INSERT INTO video_imports (run_id, job_id, user_id, url, modules)
          VALUES ('${RUN}', '${JOB}', '${USER}', 'https://example.com/boats.mp4', '["shots","scenes"]');
        INSERT INTO video_imports (run_id, job_id, user_id, url)
          VALUES ('${RUN2}', '${JOB}', '${USER}', 'https://example.com/boats.mp4');
      `);
      const column = `select data_type from information_schema.columns where table_name = 'video_imports' and column_name = 'modules'`;
      expect((await client.query<{ data_type: string }>(column)).rows).toEqual([{ data_type: "text" }]);

      await migrate(db as never, { migrationsFolder: migrationsFolder() });

      expect((await client.query<{ data_type: string }>(column)).rows).toEqual([{ data_type: "jsonb" }]);
      expect((await getImport(db, RUN))?.modules).toEqual(["shots", "scenes"]);
      expect((await getImport(db, RUN2))?.modules).toEqual([]);
      const kinds = await client.query<{ kind: string }>(`select jsonb_typeof(modules) as kind from video_imports order by run_id`);
      expect(kinds.rows).toEqual([{ kind: "array" }, { kind: "array" }]);
    } finally {
      await client.close();
    }
  });
});
