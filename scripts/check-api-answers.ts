// After the vitest run (scripts/test.mjs): every answer the route handlers gave in the tests, as
// recorded under $API_ANSWERS_DIR (tests/helpers/answer-log.ts), must be declared in the OpenAPI
// document with its status and media type. Exits 1 naming each undeclared answer, or when nothing
// was recorded (the check would then prove nothing).
import fs from "node:fs";
import path from "node:path";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { undeclaredAnswers, type RecordedAnswer } from "@/lib/openapi/declared-answers";

const dir = process.argv[2] ?? process.env.API_ANSWERS_DIR;
if (!dir || !fs.existsSync(dir)) {
  console.error("check-api-answers: no recorded answers (give the directory the tests wrote to API_ANSWERS_DIR)");
  process.exit(1);
}
const answers: RecordedAnswer[] = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".jsonl"))
  .flatMap((f) => fs.readFileSync(path.join(dir, f), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as RecordedAnswer));
if (answers.length === 0) {
  console.error(`check-api-answers: ${dir} holds no recorded answers`);
  process.exit(1);
}
const doc = JSON.parse(JSON.stringify(buildOpenApiDocument())) as Parameters<typeof undeclaredAnswers>[0];
const wrong = undeclaredAnswers(doc, answers);
const operations = new Set(answers.map((a) => `${a.method} ${a.path}`)).size;
if (wrong.length) {
  console.error(`Answers the routes gave in the tests that the OpenAPI document does not declare (${wrong.length}):`);
  for (const line of wrong) console.error(`  ✗ ${line}`);
  process.exit(1);
}
console.log(`check-api-answers: ${answers.length} recorded answers over ${operations} operations, all declared in the OpenAPI document`);
