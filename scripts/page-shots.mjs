// Screenshots of every page, desktop (1280×800) and phone (390×844), light and dark, against a
// running server: `node scripts/page-shots.mjs <base-url> <data-dir> <out-dir> [api-key]`.
// Without a key it creates a user (the CLI, on the server's data directory) and gives it what
// the pages show: a processed clip with segments, a project, a share, a chat answer, a webhook,
// an upload that never became a video. For people to look at; nothing is asserted.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";

const [base = "http://127.0.0.1:3000", dataDir = "./data", outDir = "/tmp/page-shots", givenKey] = process.argv.slice(2);
fs.mkdirSync(outDir, { recursive: true });

async function call(key, method, urlPath, body) {
  const res = await fetch(`${base}/api${urlPath}`, {
    method,
    headers: { Authorization: key, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Every module, as the running server lists them (its OpenAPI document, built from the module registry). */
async function allModules() {
  const res = await fetch(`${base}/api/openapi.json`);
  if (!res.ok) throw new Error(`GET /openapi.json: ${res.status}`);
  const doc = await res.json();
  return doc.paths["/videos/register-and-process"].post.requestBody.content["application/json"].schema.properties.modules.items.enum;
}

function makeClip(name) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-shots-"));
  const out = path.join(dir, `${name}.mp4`);
  const srt = path.join(dir, "subs.srt");
  fs.writeFileSync(srt, "1\n00:00:00,300 --> 00:00:01,800\nWelcome to the red room\n\n2\n00:00:02,200 --> 00:00:03,800\nNow everything is green\n\n3\n00:00:04,200 --> 00:00:05,800\nAnd finally the blue sea\n");
  const args = ["-v", "error", "-y"];
  for (const c of ["red", "green", "blue"]) args.push("-f", "lavfi", "-i", `color=c=${c}:s=320x180:r=25:d=2`);
  args.push("-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=6", "-i", srt);
  args.push("-filter_complex", "[0:v][1:v][2:v]concat=n=3:v=1:a=0[v]", "-map", "[v]", "-map", "3:a", "-map", "4:s");
  args.push("-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-c:s", "mov_text", out);
  execFileSync("ffmpeg", args);
  return out;
}

async function upload(key, file) {
  const target = await call(key, "POST", "/storage/upload-url", { file_name: path.basename(file) });
  const put = await fetch(target.upload_url, { method: "PUT", headers: { "Content-Type": "video/mp4" }, body: fs.readFileSync(file) });
  if (!put.ok) throw new Error(`upload: ${put.status} ${await put.text()}`);
  return target.file_path;
}

async function setUp() {
  const out = execFileSync("npm", ["run", "-s", "cli", "--", "user", "create", "--email", `shots-${Date.now().toString(36)}@example.com`, "--name", "Shelly Shots"], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
  });
  const { api_key: key } = JSON.parse(out.trim().split("\n").pop());
  const storagePath = await upload(key, makeClip("Harbour walk at dusk"));
  const modules = await allModules();
  const { job_id: jobId } = await call(key, "POST", "/videos/register-and-process", { storage_path: storagePath, modules });
  for (let i = 0; ; i++) {
    const { status } = await call(key, "GET", `/processing/${jobId}/status`);
    if (status === "completed") break;
    if (status === "failed" || i > 300) throw new Error(`processing ended ${status}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const project = await call(key, "POST", "/projects", { name: "Coastal footage", description: "Walks along the harbour" });
  await call(key, "POST", `/projects/${project.id}/assign`, { job_ids: [jobId] });
  const { share_hash: shareHash } = await call(key, "POST", `/videos/${jobId}/share`);
  const answer = await call(key, "POST", "/chat/ask", { question: "What colours does the video show?", video_id: jobId });
  await call(key, "POST", "/webhooks", { url: "https://example.com/hooks/video-analysis", description: "Ops channel" });
  await upload(key, makeClip("never registered"));
  return { key, jobId, shareHash, sessionId: answer.session_id, projectId: project.id };
}

const s = givenKey ? JSON.parse(fs.readFileSync(path.join(outDir, "setup.json"), "utf8")) : await setUp();
fs.writeFileSync(path.join(outDir, "setup.json"), JSON.stringify(s));
const pages = [
  ["dashboard", "/dashboard"],
  ["videos", "/videos"],
  ["results", `/videos/${s.jobId}`],
  // A search hit's address: the hit's module tab, its details opened.
  ["results-details", `/videos/${s.jobId}?module=visualelements`, (page) => page.locator("details summary").first().click()],
  ["notifications", "/dashboard", (page) => page.getByRole("button", { name: /^Notifications/ }).first().click()],
  ["upload", "/upload"],
  ["search", "/search?q=green"],
  ["chat", `/chat?video=${s.jobId}&session=${s.sessionId}`],
  ["projects", "/projects"],
  ["project", `/projects/${s.projectId}`],
  ["storage", "/storage"],
  ["keys", "/keys"],
  ["webhooks", "/webhooks"],
  ["webhook-deliveries", "/webhooks", (page) => page.getByRole("button", { name: "Show deliveries" }).first().click()],
  ["docs", "/docs"],
  ["share", `/share/${s.shareHash}`],
  ["not-found", "/no-such-page"],
  ["sign-in", "/sign-in"],
];
const only = process.env.SHOTS_ONLY?.split(",");
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
for (const [device, options] of [
  ["desktop", { viewport: { width: 1280, height: 800 } }],
  ["phone", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
]) {
  for (const scheme of ["light", "dark"]) {
    const context = await browser.newContext({ ...options, colorScheme: scheme, reducedMotion: "reduce" });
    await context.addInitScript((key) => window.localStorage.setItem("va.api_key", key), s.key);
    const page = await context.newPage();
    for (const [name, url, then] of pages) {
      if (only && !only.includes(name)) continue;
      await page.goto(`${base}${url}`);
      await page.waitForLoadState("networkidle").catch(() => {});
      await page.getByRole("status").filter({ hasText: /^Loading/ }).first().waitFor({ state: "detached", timeout: 15_000 }).catch(() => {});
      if (then) await then(page).catch((err) => console.error(`${name}: ${err.message.split("\n")[0]}`));
      await page.waitForTimeout(300);
      // The whole page, but at most 4000 px of it (the docs page is 80 000 px tall).
      const height = Math.min(4000, await page.evaluate(() => document.documentElement.scrollHeight));
      const clip = { x: 0, y: 0, width: options.viewport.width, height };
      await page.screenshot({ path: path.join(outDir, `${name}-${device}-${scheme}.png`), fullPage: true, clip, animations: "disabled" });
    }
    await context.close();
  }
}
await browser.close();
console.log(`screenshots in ${outDir}`);
