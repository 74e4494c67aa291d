// `status`, `search` and `ask`: one request each, printed for people or as JSON.
import { parseArgs } from "node:util";
import { unwrap } from "@/lib/client/typed-client";
import { formatClock } from "@/lib/core/clock";
import { COMMON_HELP, COMMON_OPTIONS, printHelp, FailedJob, printJson, remoteContext, UsageError, type Output } from "./context";
import { item } from "@/lib/core/item";

export const STATUS_HELP = `npm run cli -- status <job_id> [--json]

Prints a video's processing status (uploaded, queued, processing, completed, failed).
Exits 1 when the video's processing failed.

${COMMON_HELP}`;

export const SEARCH_HELP = `npm run cli -- search "<query>" [--job JOB_ID …] [--project ID] [--limit N] [--threshold X] [--json]

Finds moments in your completed videos by words or meaning.
  --job JOB_ID     only this video (repeat for several)
  --project ID     only the completed videos of this project
  --limit N        at most N results (1–200, default 20)
  --threshold X    minimum similarity 0–1

${COMMON_HELP}`;

export const ASK_HELP = `npm run cli -- ask <job_id> "<question>" [--session SESSION_ID] [--mode vector|brute_force] [--json]

Asks a question about one video; the answer cites moments as [mm:ss].
  --session ID     continue that conversation

${COMMON_HELP}`;

function numberOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new UsageError(`--${name} must be a number, not "${value}"`);
  return n;
}

export async function runStatus(argv: string[], io: Output): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: COMMON_OPTIONS });
  if (values.help) return printHelp(values, io, STATUS_HELP);
  if (positionals.length !== 1) throw new UsageError(`status needs one job id.\n\n${STATUS_HELP}`);
  const ctx = remoteContext(values, io);
  const inJob = { params: { path: { job_id: item(positionals, 0) } } };
  const status = await unwrap(ctx.api.GET("/processing/{job_id}/status", inJob));
  if (ctx.json) printJson(ctx, status);
  else {
    const video = await unwrap(ctx.api.GET("/videos/{job_id}", inJob));
    const time = status.processing_time !== null ? `  processed in ${status.processing_time.toFixed(1)} s` : "";
    io.out(`${status.job_id}  ${status.status}  ${video.name}  ${formatClock(video.duration)}${time}${status.error ? `\nerror: ${status.error}` : ""}`);
  }
  if (status.status === "failed") throw new FailedJob(status.error ?? "processing failed");
}

export async function runSearch(argv: string[], io: Output): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { ...COMMON_OPTIONS, job: { type: "string", multiple: true }, project: { type: "string" }, limit: { type: "string" }, threshold: { type: "string" } },
  });
  if (values.help) return printHelp(values, io, SEARCH_HELP);
  const query = positionals.join(" ").trim();
  if (!query) throw new UsageError(`search needs a query.\n\n${SEARCH_HELP}`);
  const ctx = remoteContext(values, io);
  const hits = await unwrap(
    ctx.api.POST("/search", {
      body: {
        query,
        job_ids: values.job,
        project_id: values.project,
        limit: numberOption(values.limit, "limit"),
        threshold: numberOption(values.threshold, "threshold"),
      },
    }),
  );
  if (ctx.json) return printJson(ctx, hits);
  if (!hits.length) return io.out("No results.");
  for (const h of hits) {
    io.out(`${h.job_id}  [${formatClock(h.start_time)}–${formatClock(h.end_time)}]  ${h.module.padEnd(14)} ${h.similarity.toFixed(2)}  ${h.content.replace(/\s+/g, " ").slice(0, 160)}`);
    io.out(`    ${ctx.url}/videos/${h.job_id}?t=${Math.round(h.start_time * 10) / 10}`);
  }
}

export async function runAsk(argv: string[], io: Output): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { ...COMMON_OPTIONS, session: { type: "string" }, mode: { type: "string" } },
  });
  if (values.help) return printHelp(values, io, ASK_HELP);
  const [jobId, ...words] = positionals;
  const question = words.join(" ").trim();
  if (!jobId || !question) throw new UsageError(`ask needs a job id and a question.\n\n${ASK_HELP}`);
  if (values.mode !== undefined && values.mode !== "vector" && values.mode !== "brute_force") throw new UsageError(`--mode must be vector or brute_force, not "${values.mode}"`);
  const ctx = remoteContext(values, io);
  const answer = await unwrap(
    ctx.api.POST("/chat/ask", { body: { video_id: jobId, question, session_id: values.session, mode: values.mode as "vector" | "brute_force" | undefined } }),
  );
  // The document lists the streamed answer too (text/event-stream); without asking for it, it is JSON.
  if (typeof answer === "string") throw new Error("the server answered with a stream, not JSON");
  if (ctx.json) return printJson(ctx, answer);
  io.out(answer.answer);
  io.out(`\nsession: ${answer.session_id}`);
}
