import { item } from "@/lib/core/item";
// Whether an answer a route gave is declared in the OpenAPI document: its status (exactly, or by
// a `4XX`/`5XX` range) under that operation, and its media type among that status's `content`
// (exactly, or by a range such as `video/*`)
// (an answer without a body, or a HEAD, needs only the status). Used by the tests that record
// every answer the route handlers give (tests/helpers/answer-log.ts, scripts/check-api-answers.ts).

export interface RecordedAnswer {
  /** Upper case, as sent. */
  method: string;
  /** The route's path template as in the document, e.g. `/keys/{key_id}`. */
  path: string;
  status: number;
  /** The Content-Type header as answered ("" when none). */
  type: string;
  /** The test file that provoked it, when known. */
  source?: string;
}

type Doc = { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>> };

/** What is wrong with one answer against the document, or null when it is declared. */
export function undeclaredReason(doc: Doc, a: RecordedAnswer): string | null {
  const op = doc.paths[a.path]?.[a.method.toLowerCase()];
  if (!op) {
    // A method the route does not have is refused (405, or OPTIONS' 204 naming what it has): not an operation.
    if (doc.paths[a.path] && (a.status === 405 || a.method === "OPTIONS")) return null;
    return "no such operation in the document";
  }
  const responses = op.responses ?? {};
  const declared = responses[String(a.status)] ?? responses[`${String(a.status)[0]}XX`];
  if (!declared) return `status ${a.status} not declared (declared: ${Object.keys(responses).join(", ")})`;
  const type = item(a.type.split(";"), 0).trim().toLowerCase();
  if (!type || a.method === "HEAD") return null;
  const types = Object.keys(declared.content ?? {}).map((t) => item(t.split(";"), 0).trim().toLowerCase());
  if (!types.some((t) => covers(t, type))) return `media type ${type} not declared for ${a.status} (declared: ${types.join(", ") || "no body"})`;
  return null;
}

// Whether a declared media type, or a range of them ("video/*", "*/*"), covers an answered one.
function covers(declared: string, type: string): boolean {
  if (declared === type || declared === "*/*") return true;
  return declared.endsWith("/*") && type.startsWith(declared.slice(0, -1));
}

/** One line per distinct undeclared (method, path, status, media type), naming a test that saw it. */
export function undeclaredAnswers(doc: Doc, answers: RecordedAnswer[]): string[] {
  const out = new Map<string, string>();
  for (const a of answers) {
    // app/api/[...path]: the 404 {detail} of a path that is no endpoint, not an operation to declare.
    if (a.path === "/{path}" && a.status === 404) continue;
    const reason = undeclaredReason(doc, a);
    if (!reason) continue;
    const key = `${a.method} ${a.path} → ${a.status} ${a.type.split(";")[0] || "(no body)"}`;
    if (!out.has(key)) out.set(key, `${key}: ${reason}${a.source ? ` (seen in ${a.source})` : ""}`);
  }
  return [...out.values()].sort();
}
