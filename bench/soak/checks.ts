// What the soak checks once every video ended, straight from the database and the bucket:
// each video completed exactly once (one completed run, one `done` event, one usage record, run
// count 1, no segment twice) or failed with an error (no usage); nothing still queued or running;
// every stored object belongs to a video (uploads to a video's storage path, derived files under a
// video's results/<user_id>/<job_id>/) and every video's file is there; no work files left behind.
import fs from "node:fs";
import path from "node:path";
import { ListObjectsCommand, S3Client } from "@aws-sdk/client-s3";
import type postgres from "postgres";

export interface VideoRow {
  job_id: string;
  user_id: string;
  status: string;
  error: string | null;
  run_count: number;
  storage_path: string;
  runs: number;
  completed_runs: number;
  open_runs: number;
  max_attempts: number;
  done_events: number;
  usage: number;
}

export async function videoRows(sql: postgres.Sql): Promise<VideoRow[]> {
  return (await sql`
    select v.job_id::text, v.user_id::text, v.status, v.error, v.run_count, v.storage_path,
      (select count(*)::int from processing_runs r where r.job_id = v.job_id) as runs,
      (select count(*)::int from processing_runs r where r.job_id = v.job_id and r.status = 'completed') as completed_runs,
      (select count(*)::int from processing_runs r where r.job_id = v.job_id and r.status in ('queued', 'running')) as open_runs,
      (select coalesce(max(attempts), 0)::int from processing_runs r where r.job_id = v.job_id) as max_attempts,
      (select count(*)::int from run_events e where e.job_id = v.job_id and e.type = 'done') as done_events,
      (select count(*)::int from usage_records u where u.job_id = v.job_id) as usage
    from videos v order by v.created_at`) as unknown as VideoRow[];
}

export interface Figures {
  videos: number;
  completed: number;
  failed: number;
  /** Not completed or failed at the end (still queued, processing, uploaded). */
  stuck: number;
  failedErrors: Record<string, number>;
  completedNotOnce: string[];
  usageNotOnce: string[];
  failedWithUsage: string[];
  duplicateSegments: number;
  /** Runs by how often they were claimed (attempts): a resumed run shows 2 or more. */
  attempts: Record<string, number>;
  objects: { uploads: number; derived: number };
  orphanUploads: string[];
  orphanDerived: string[];
  missingUploads: string[];
  completedWithoutThumbnail: string[];
  derivedOfFailed: number;
  pendingMultipart: number;
  workDirsLeft: Record<string, string[]>;
}

/**
 * Every key of the bucket, a page of up to 1,000 at a time. With ListObjects (v1) and its Marker:
 * s3rver ciphers V2's continuation tokens with DES, which Node's OpenSSL 3 no longer has, so any
 * truncated V2 page — the first one too — was a 500 InternalError (the first 500-video runs' ends).
 */
async function listAll(client: S3Client, bucket: string): Promise<string[]> {
  const keys: string[] = [];
  for (;;) {
    const page = await client.send(new ListObjectsCommand({ Bucket: bucket, Marker: keys[keys.length - 1] }));
    for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
    if (!page.IsTruncated || !page.Contents?.length) return keys;
  }
}

export async function checkEverything(opts: {
  sql: postgres.Sql;
  s3: { endpoint: string; bucket: string; directory: string };
  workerDataDirs: Record<string, string>;
}): Promise<{ figures: Figures; rows: VideoRow[] }> {
  const { sql } = opts;
  const rows = await videoRows(sql);
  const completed = rows.filter((r) => r.status === "completed");
  const failed = rows.filter((r) => r.status === "failed");
  const failedErrors: Record<string, number> = {};
  for (const r of failed) failedErrors[r.error ?? "(no error text)"] = (failedErrors[r.error ?? "(no error text)"] ?? 0) + 1;
  const [dup] = await sql`select count(*)::int as n from (select 1 from segments
    group by job_id, module, start_time, end_time, content having count(*) > 1) d`;
  const attempts: Record<string, number> = {};
  for (const r of await sql`select attempts, count(*)::int as n from processing_runs group by 1 order by 1`) attempts[String(r.attempts)] = r.n as number;

  const client = new S3Client({
    endpoint: opts.s3.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  const keys = await listAll(client, opts.s3.bucket);
  client.destroy();
  const byPath = new Set(rows.map((r) => r.storage_path));
  const byJob = new Map(rows.map((r) => [r.job_id, r]));
  const uploads = keys.filter((k) => k.startsWith("users/"));
  const derived = keys.filter((k) => k.startsWith("results/"));
  const present = new Set(keys);
  // s3rver keeps a multipart upload's parts under ._S3rver_uploads until it is completed or aborted.
  const uploadsDir = path.join(opts.s3.directory, opts.s3.bucket, "._S3rver_uploads");
  const workDirsLeft: Record<string, string[]> = {};
  for (const [name, dir] of Object.entries(opts.workerDataDirs)) {
    const work = path.join(dir, "work");
    workDirsLeft[name] = fs.existsSync(work) ? fs.readdirSync(work) : [];
  }
  const figures: Figures = {
    videos: rows.length,
    completed: completed.length,
    failed: failed.length,
    stuck: rows.length - completed.length - failed.length,
    failedErrors,
    completedNotOnce: completed.filter((r) => r.completed_runs !== 1 || r.done_events !== 1 || r.run_count !== 1 || r.open_runs !== 0).map((r) => r.job_id),
    usageNotOnce: completed.filter((r) => r.usage !== 1).map((r) => r.job_id),
    failedWithUsage: failed.filter((r) => r.usage !== 0 || r.completed_runs !== 0).map((r) => r.job_id),
    duplicateSegments: dup!.n as number,
    attempts,
    objects: { uploads: uploads.length, derived: derived.length },
    orphanUploads: uploads.filter((k) => !byPath.has(k)),
    orphanDerived: derived.filter((k) => !byJob.has(k.split("/")[2]!)),
    missingUploads: rows.filter((r) => !present.has(r.storage_path)).map((r) => r.job_id),
    completedWithoutThumbnail: completed.filter((r) => !present.has(`results/${r.user_id}/${r.job_id}/thumbnail.jpg`)).map((r) => r.job_id),
    derivedOfFailed: derived.filter((k) => byJob.get(k.split("/")[2]!)?.status === "failed").length,
    pendingMultipart: fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir).length : 0,
    workDirsLeft,
  };
  return { figures, rows };
}
