// The main job over HTTP against a running app, as a user's script would do it (README "The main
// job with curl"): presigned upload → PUT → register-and-process → follow the SSE stream to `done`
// → results → search. Used by scripts/container/test.sh; prints one JSON line with what it saw.
//   BASE=http://localhost:3000 KEY=svc_live_… CLIP=clip.mp4 node scripts/container/main-job.mjs
// FOLLOW_BASE: another web process to follow, read and search on (default BASE). MODULES
// (comma-separated, default shots,transcription), QUERY (a search expected to find the clip).
// ON_PROGRESS: a shell command run once at the first module_progress event (JOB in its env).
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const base = process.env.BASE.replace(/\/+$/, "");
const follow = (process.env.FOLLOW_BASE || base).replace(/\/+$/, "");
const key = process.env.KEY;
const clip = process.env.CLIP;
const modules = (process.env.MODULES || "shots,transcription").split(",");
const query = process.env.QUERY || "";
const auth = { Authorization: key };

async function json(url, init = {}) {
  const res = await fetch(url, { ...init, headers: { ...auth, "Content-Type": "application/json", ...init.headers } });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method || "GET"} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

const t0 = Date.now();
const up = await json(`${base}/api/storage/upload-url`, {
  method: "POST",
  body: JSON.stringify({ file_name: path.basename(clip), content_type: "video/mp4" }),
});
const put = await fetch(up.upload_url, { method: "PUT", headers: { "Content-Type": "video/mp4" }, body: fs.readFileSync(clip) });
if (!put.ok) throw new Error(`PUT upload: ${put.status} ${await put.text()}`);
const reg = await json(`${base}/api/videos/register-and-process`, {
  method: "POST",
  body: JSON.stringify({ storage_path: up.file_path, modules }),
});
const job = reg.job_id;

// Follow the event stream until `done` (the stream closes after it).
const events = [];
let progressed = false;
const res = await fetch(`${follow}/api/processing/${job}/events`, { headers: auth });
if (!res.ok) throw new Error(`events: ${res.status}`);
const decoder = new TextDecoder();
let buf = "";
let done = null;
for await (const chunk of res.body) {
  buf += decoder.decode(chunk, { stream: true });
  let i;
  while ((i = buf.indexOf("\n\n")) >= 0) {
    const block = buf.slice(0, i);
    buf = buf.slice(i + 2);
    const line = /^data: (.*)$/m.exec(block)?.[1];
    if (!line) continue; // keepalive comments
    const data = JSON.parse(line);
    const type = data.type;
    events.push(type);
    if (type === "module_progress" && !progressed && process.env.ON_PROGRESS) {
      progressed = true;
      execSync(process.env.ON_PROGRESS, { stdio: "inherit", env: { ...process.env, JOB: job } });
    }
    if (type === "done") done = data;
  }
  if (done) break;
}
if (!done) throw new Error(`the event stream closed without done (saw ${events.join(", ")})`);
const jobSeconds = (Date.now() - t0) / 1000;
const results = await json(`${follow}/api/results/job/${job}`);
const counts = Object.fromEntries(modules.map((m) => [m, Array.isArray(results[m]) ? results[m].length : null]));
let hits = null;
if (query) {
  const found = await json(`${follow}/api/search`, { method: "POST", body: JSON.stringify({ query, limit: 5 }) });
  hits = found.filter((h) => h.job_id === job).length;
}
console.log(JSON.stringify({ job, done, job_seconds: jobSeconds, segments: counts, search_hits: hits, events: [...new Set(events)] }));
