// Time to the first streamed token of POST /api/chat/ask (Accept: text/event-stream) on the
// offline path (no model configured), against the time the same question takes as one JSON
// answer, interleaved round by round in one process over the route handlers and an embedded
// database. A video of 600 transcript segments (a ~40-minute talk) is seeded and embedded by the
// pipeline's own embed step. Goal: first token ≤ 300 ms.
//   npx tsx bench/chat-stream/run.ts     (BENCH_ROUNDS=15, BENCH_SEGMENTS=600)
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const ROUNDS = Number(process.env.BENCH_ROUNDS || 15);
const SEGMENTS = Number(process.env.BENCH_SEGMENTS || 600);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-bench-chat-"));
Object.assign(process.env, { DATA_DIR: dir, APP_SECRET: crypto.randomBytes(32).toString("hex"), RATE_LIMIT_PER_MINUTE: "100000" });
delete process.env.OPENAI_API_KEY;

const WORDS = "bread dough flour oven butter sugar knead rest fold bake crust crumb yeast salt water morning counter shelf window tray".split(" ");
const QUESTIONS = ["When do they fold the dough?", "What happens with the oven?", "Where is the salt added?", "How long does the dough rest?"];

async function main() {
  const { getDb } = await import("../../db/client");
  const { createUserWithKey } = await import("../../lib/users/create-user-with-key");
  const { addEmbeddedVideo } = await import("../../tests/helpers/segments");
  const { dispatch } = await import("../../tests/helpers/routes");
  const db = await getDb();
  const user = await createUserWithKey(db, { email: "bench@example.com", name: "Bench" });
  const segs = Array.from({ length: SEGMENTS }, (_, i) => ({
    module: "transcription",
    start: i * 4,
    content: Array.from({ length: 12 }, (_, j) => WORDS[(i * 7 + j * 3) % WORDS.length]).join(" "),
  }));
  const video = await addEmbeddedVideo(user, segs, { name: "Bakery talk.mp4", duration: SEGMENTS * 4, segmentSeconds: 4, metadata: null });

  const ask = (question: string, stream: boolean) =>
    dispatch(
      new Request("http://localhost/api/chat/ask", {
        method: "POST",
        headers: { authorization: user.api_key, "content-type": "application/json", ...(stream ? { accept: "text/event-stream" } : {}) },
        body: JSON.stringify({ question, video_id: video.jobId }),
      }),
    );

  const first: number[] = [];
  const whole: number[] = [];
  const json: number[] = [];
  // One of each, unmeasured (module loading, JIT).
  await (await ask("warm up", true)).text();
  await (await ask("warm up", false)).text();
  for (let i = 0; i < ROUNDS; i++) {
    const q = QUESTIONS[i % QUESTIONS.length]!;
    const order = i % 2 ? ["json", "stream"] : ["stream", "json"];
    for (const which of order) {
      const t0 = performance.now();
      const res = await ask(q, which === "stream");
      if (res.status !== 200) throw new Error(`ask answered ${res.status}: ${await res.text()}`);
      if (which === "json") {
        await res.json();
        json.push(performance.now() - t0);
        continue;
      }
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      let firstAt = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        if (!firstAt && text.includes('"type":"delta"')) firstAt = performance.now() - t0;
      }
      if (!firstAt || !text.includes('"type":"message"')) throw new Error(`no delta or no message in: ${text.slice(0, 200)}`);
      first.push(firstAt);
      whole.push(performance.now() - t0);
    }
  }
  const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
  const f = (xs: number[]) => `median ${q(xs, 0.5).toFixed(0)} ms, p90 ${q(xs, 0.9).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`;
  console.log(`chat stream bench: ${SEGMENTS} segments, ${ROUNDS} rounds each, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(`first streamed token (offline):  ${f(first)}`);
  console.log(`whole streamed answer:           ${f(whole)}`);
  console.log(`JSON answer (same questions):    ${f(json)}`);
  console.log(`first token / JSON answer: ${(q(first, 0.5) / q(json, 0.5)).toFixed(2)} (median)`);
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(1);
});
