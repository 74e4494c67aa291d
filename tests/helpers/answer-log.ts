// Every answer a route handler gives in the tests (through `dispatch`, so both `call` and the
// real HTTP server), appended as one JSON line per answer to a file per test worker under
// $API_ANSWERS_DIR when that is set (scripts/test.mjs sets it, then checks every recorded answer
// against the OpenAPI document: scripts/check-api-answers.ts). Without it, answers are kept in
// memory only, for a test that drives its own requests (`recordedAnswers`).
import fs from "node:fs";
import path from "node:path";
import type { RecordedAnswer } from "@/lib/openapi/declared-answers";

const kept: RecordedAnswer[] = [];

export function recordAnswer(a: Omit<RecordedAnswer, "source">): void {
  const source = testFile();
  const answer: RecordedAnswer = { ...a, ...(source ? { source } : {}) };
  kept.push(answer);
  const dir = process.env.API_ANSWERS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  fs.appendFileSync(path.join(dir, `answers-${process.pid}.jsonl`), JSON.stringify(answer) + "\n");
}

/** The answers recorded in this process since `since` (an index from `recordedAnswers().length`). */
export function recordedAnswers(since = 0): RecordedAnswer[] {
  return kept.slice(since);
}

function testFile(): string | undefined {
  const state = (globalThis as { __vitest_worker__?: { filepath?: string } }).__vitest_worker__;
  return state?.filepath ? path.relative(process.cwd(), state.filepath) : undefined;
}
