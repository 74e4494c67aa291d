// `export <job_id> --format json|csv|srt|vtt [--module …] [-o file]`: the report endpoints'
// files, to a file or stdout. Without --module: json is the combined report (every module), csv
// every module's rows under one header, srt/vtt the transcription.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { unwrap, unwrapResponse } from "@/lib/client/typed-client";
import { isModuleName, MODULE_NAMES, type ModuleName } from "@/lib/pipeline/modules/registry";
import { COMMON_HELP, COMMON_OPTIONS, printHelp, printJson, remoteContext, UsageError, userPath, type Output, type RemoteContext } from "./context";
import { item } from "@/lib/core/item";

const FORMATS = ["json", "csv", "srt", "vtt"] as const;
type Format = (typeof FORMATS)[number];

export const EXPORT_HELP = `npm run cli -- export <job_id> --format json|csv|srt|vtt [--module MODULE] [-o FILE]

Downloads a video's results.
  --format F       json, csv, srt or vtt (srt and vtt are subtitles: meant for transcription)
  --module M       one module (${MODULE_NAMES.join(", ")});
                   without it: json = every module, csv = every module, srt/vtt = transcription
  -o, --output F   write to this file instead of stdout (relative to where you run it)
  --json           {"job_id", "format", "module", "content"} with the file's text as content
                   (with -o: {"job_id", "format", "module", "file", "bytes"}); module is null
                   for the json and csv of every module

${COMMON_HELP}`;

async function moduleFile(ctx: RemoteContext, jobId: string, module: ModuleName, format: Format): Promise<string> {
  const res = await unwrapResponse(
    ctx.api.GET("/download/report/{job_id}", { params: { path: { job_id: jobId }, query: { module, format } }, parseAs: "stream" }),
  );
  return res.text();
}

async function exportText(ctx: RemoteContext, jobId: string, format: Format, module: ModuleName | undefined): Promise<string> {
  if (module) return moduleFile(ctx, jobId, module, format);
  if (format === "srt" || format === "vtt") return moduleFile(ctx, jobId, "transcription", format);
  if (format === "json") {
    return (await unwrapResponse(ctx.api.GET("/download/combined-report/{job_id}", { params: { path: { job_id: jobId } }, parseAs: "stream" }))).text();
  }
  // CSV of every module: one header, then each module's rows (the header is the first line of each file).
  const results = await unwrap(ctx.api.GET("/results/job/{job_id}", { params: { path: { job_id: jobId } } }));
  const present = MODULE_NAMES.filter((m) => results.segments.some((s) => s.module === m));
  const files = await Promise.all((present.length ? present : (["transcription"] as const)).map((m) => moduleFile(ctx, jobId, m, "csv")));
  const header = item(files, 0).slice(0, item(files, 0).indexOf("\n") + 1);
  return header + files.map((f) => f.slice(f.indexOf("\n") + 1)).join("");
}

export async function runExport(argv: string[], io: Output): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { ...COMMON_OPTIONS, format: { type: "string" }, module: { type: "string" }, output: { type: "string", short: "o" } },
  });
  if (values.help) return printHelp(values, io, EXPORT_HELP);
  if (positionals.length !== 1) throw new UsageError(`export needs one job id.\n\n${EXPORT_HELP}`);
  const format = values.format as Format | undefined;
  if (!format || !FORMATS.includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(", ")}`);
  if (values.module !== undefined && !isModuleName(values.module)) throw new UsageError(`--module: unknown module "${values.module}"; use ${MODULE_NAMES.join(", ")}`);
  const ctx = remoteContext(values, io);
  const jobId = item(positionals, 0);
  const only = values.module as ModuleName | undefined;
  const text = await exportText(ctx, jobId, format, only);
  const about = { job_id: jobId, format, module: only ?? (format === "srt" || format === "vtt" ? "transcription" : null) };
  if (values.output) {
    const file = userPath(values.output);
    fs.writeFileSync(file, text);
    if (ctx.json) printJson(ctx, { ...about, file, bytes: Buffer.byteLength(text) });
    else io.err(`wrote ${file} (${Buffer.byteLength(text)} bytes)`);
  } else if (ctx.json) printJson(ctx, { ...about, content: text });
  else process.stdout.write(text);
}
