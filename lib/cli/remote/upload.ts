// `upload <files…> [--modules …] [--project …] [--watch]`: each file into storage (one PUT, or in
// parts when large), registered and queued with the modules (POST /videos/register-and-process),
// moved into the project; with --watch, followed until its run ends.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { unwrap } from "@/lib/client/typed-client";
import { DEFAULT_MODULES, isModuleName, MODULE_NAMES, type ModuleName } from "@/lib/pipeline/modules/registry";
import { COMMON_HELP, COMMON_OPTIONS, FailedJob, printHelp, printJson, remoteContext, UsageError, userPath, type Output } from "./context";
import { ProgressBoard } from "./progress";
import { uploadFile } from "./upload-file";
import { watchProcessing, type DoneEvent } from "./watch";

export const UPLOAD_HELP = `npm run cli -- upload <files…> [--modules m1,m2] [--project PROJECT_ID] [--watch] [--json]

Uploads each video file (in parts when larger than 32 MiB), registers it and queues its analysis.
  --modules LIST   comma-separated modules (default: those on by default in the app): ${MODULE_NAMES.join(", ")}
  --project ID     put the videos into this project
  --watch          follow processing until every video is completed or failed
                   (a progress bar per file, then per module, on stderr)

${COMMON_HELP}`;

function modulesOf(text: string | undefined): ModuleName[] {
  if (text === undefined) return [...DEFAULT_MODULES];
  const names = text.split(",").map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((m) => !isModuleName(m));
  if (!names.length || unknown.length) {
    throw new UsageError(`--modules: unknown module ${unknown.map((m) => `"${m}"`).join(", ") || "(none given)"}; use ${MODULE_NAMES.join(", ")}`);
  }
  return names as ModuleName[];
}

interface UploadResult {
  file: string;
  job_id: string | null;
  status: string;
  error?: string | null;
  segments?: Record<string, number>;
}

export async function runUpload(argv: string[], io: Output): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { ...COMMON_OPTIONS, modules: { type: "string" }, project: { type: "string" }, watch: { type: "boolean" } },
  });
  if (values.help) return printHelp(values, io, UPLOAD_HELP);
  if (!positionals.length) throw new UsageError(`upload needs at least one file.\n\n${UPLOAD_HELP}`);
  for (const f of positionals) if (!fs.existsSync(userPath(f)) || !fs.statSync(userPath(f)).isFile()) throw new UsageError(`No such file: ${f}`);
  const modules = modulesOf(values.modules);
  const ctx = remoteContext(values, io);
  const board = new ProgressBoard(io, !ctx.json);
  const results: UploadResult[] = [];

  // Uploads one after another (each uses the bandwidth in parallel parts); runs are followed together.
  const queued: { file: string; label: string; jobId: string }[] = [];
  for (const file of positionals) {
    const label = path.basename(file);
    try {
      const storagePath = await uploadFile(ctx, userPath(file), (sent, total) => board.update(`file:${file}`, label, total ? sent / total : 1, "uploading"));
      const job = await unwrap(ctx.api.POST("/videos/register-and-process", { body: { storage_path: storagePath, file_name: label, modules } }));
      if (values.project) {
        await unwrap(ctx.api.PATCH("/videos/{job_id}", { params: { path: { job_id: job.job_id } }, body: { project_id: values.project } }));
      }
      board.end(`file:${file}`, label, `uploaded · job ${job.job_id}`);
      queued.push({ file, label, jobId: job.job_id });
      results.push({ file, job_id: job.job_id, status: job.status });
    } catch (err) {
      const detail = (err as { detail?: string }).detail ?? (err as Error).message;
      board.end(`file:${file}`, label, `failed: ${detail}`, 0);
      results.push({ file, job_id: null, status: "failed", error: detail });
    }
  }

  if (values.watch) {
    const runs = await Promise.all(
      queued.map(async (q) => ({ q, done: await watchProcessing(ctx, q.jobId, q.label, board).catch((err: unknown): DoneEvent => ({ status: "failed", error: (err as { detail?: string }).detail ?? (err as Error).message, segments: {} })) })),
    );
    for (const { q, done } of runs) {
      const r = results.find((x) => x.job_id === q.jobId)!;
      Object.assign(r, { status: done.status, error: done.error ?? null, segments: done.segments });
    }
  }

  if (ctx.json) printJson(ctx, results);
  else {
    for (const r of results) {
      const counts = r.segments ? ` · ${Object.entries(r.segments).sort(([a], [b]) => a.localeCompare(b)).map(([m, n]) => `${m} ${n}`).join(", ") || "no segments"}` : "";
      io.out(`${r.job_id ?? "-"}  ${r.status.padEnd(9)}  ${path.basename(r.file)}${counts}${r.error ? `  (${r.error})` : ""}`);
    }
  }
  const failed = results.filter((r) => r.status === "failed");
  if (failed.length) throw new FailedJob(`${failed.length} of ${results.length} failed`);
}
