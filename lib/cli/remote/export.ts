// `export <job_id> --format json|csv|srt|vtt [--module …] [-o file]`: the report endpoints'
// files, to a file or stdout. Without --module: json is the combined report (every module), csv
// every module's rows under one header, srt/vtt the transcription.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { unwrap, unwrapResponse } from "@/lib/client/typed-client";
import { isModuleName, MODULE_NAMES, type ModuleName } from "@/lib/pipeline/modules/registry";
import { COMMON_HELP, COMMON_OPTIONS, remoteContext, UsageError, type Output, type RemoteContext } from "./context";

const FORMATS = ["json", "csv", "srt", "vtt"] as const;
type Format = (typeof FORMATS)[number];

export const EXPORT_HELP = `npm run cli -- export <job_id> --format json|csv|srt|vtt [--module MODULE] [-o FILE]

Downloads a video's results.
  --format F       json, csv, srt or vtt (srt and vtt are subtitles: meant for transcription)
  --module M       one module (${MODULE_NAMES.join(", ")});
                   without it: json = every module, csv = every module, srt/vtt = transcription
  -o, --output F   write to this file instead of stdout

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
  const header = files[0]!.slice(0, files[0]!.indexOf("\n") + 1);
  return header + files.map((f) => f.slice(f.indexOf("\n") + 1)).join("");
}

export async function runExport(argv: string[], io: Output): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { ...COMMON_OPTIONS, format: { type: "string" }, module: { type: "string" }, output: { type: "string", short: "o" } },
  });
  if (values.help) return io.out(EXPORT_HELP);
  if (positionals.length !== 1) throw new UsageError(`export needs one job id.\n\n${EXPORT_HELP}`);
  const format = values.format as Format | undefined;
  if (!format || !FORMATS.includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(", ")}`);
  if (values.module !== undefined && !isModuleName(values.module)) throw new UsageError(`--module: unknown module "${values.module}"; use ${MODULE_NAMES.join(", ")}`);
  const ctx = remoteContext(values, io);
  const text = await exportText(ctx, positionals[0]!, format, values.module as ModuleName | undefined);
  if (values.output) {
    fs.writeFileSync(values.output, text);
    if (ctx.json) io.out(JSON.stringify({ file: values.output, bytes: Buffer.byteLength(text) }));
    else io.err(`wrote ${values.output} (${Buffer.byteLength(text)} bytes)`);
  } else process.stdout.write(text);
}
