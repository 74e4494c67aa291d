// Answers as `text/event-stream` for requests that send `Accept: text/event-stream` (chat ask and
// session messages): `data: {"type":"delta","text":…}` events as the text grows, then one
// `data: {"type":"message",…}` holding exactly the JSON body of the non-streaming call. Nothing is
// sent before the first delta or the result: an error until then is thrown to the handler wrapper
// and keeps its status and {detail}; one after it becomes `{"type":"error","detail":…}` and the
// stream ends. When the final text is not the text streamed so far (the model failed midway and
// the answer fell back to the segment list), the message event is what counts. A finished text (an
// answer composed without a model, handed over before it is stored; a stored message) goes out a
// few words at a time, the first at once.
import crypto from "node:crypto";
import { withAnswerStream } from "@/lib/chat/answer-stream";
import { clientErrorOf } from "@/lib/storage/errors";
import { logger } from "@/lib/log/logger";

const log = logger("api");

const encoder = new TextEncoder();
/** Words per delta when a finished text (the offline answer, a stored message) is streamed. */
const WORDS_PER_DELTA = 4;

export function wantsEventStream(req: Request): boolean {
  return /(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(req.headers.get("accept") ?? "");
}

export const sseEvent = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

/** A finished text cut into deltas of a few words (whitespace kept, so they join back exactly). */
export function textDeltas(text: string): string[] {
  const words = text.match(/\s*\S+/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < words.length; i += WORDS_PER_DELTA) out.push(words.slice(i, i + WORDS_PER_DELTA).join(""));
  const tail = text.slice(out.join("").length);
  if (tail) out.push(tail);
  return out;
}

/** Pause between the deltas of a finished text, so a reader sees it grow (≈ 100 words a second). */
const PACE_MS = 40;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Outcome<T> = { ok: true; body: T } | { ok: false; err: unknown };

/**
 * Runs `run` with model streaming on and answers an event stream (see above). `textOf` names the
 * body's text (the answer, the message content); `status` is the non-streaming call's status.
 */
export async function eventStreamAnswer<T extends object>(
  req: Request,
  run: () => Promise<T>,
  opts: { textOf: (body: T) => string; status?: number; where: string },
): Promise<Response> {
  /** Events to send at once (the model's deltas as they come). */
  const queue: string[] = [];
  /** Events sent one at a time, PACE_MS apart: a finished text's deltas, then the closing event. */
  const paced: string[] = [];
  let streamed = "";
  let outcome: Outcome<T> | null = null;
  let wake: () => void = () => {};
  let changed = new Promise<void>((r) => (wake = r));
  const signal = () => {
    const w = wake;
    changed = new Promise<void>((r) => (wake = r));
    w();
  };
  const deltaEvents = (text: string) => textDeltas(text).map((t) => sseEvent({ type: "delta", text: t }));
  void withAnswerStream(
    {
      delta(text) {
        streamed += text;
        queue.push(sseEvent({ type: "delta", text }));
        signal();
      },
      composed(text) {
        // After a model's partial answer the message event carries the final text instead.
        if (streamed || !text) return;
        streamed = text;
        paced.push(...deltaEvents(text));
        signal();
      },
    },
    run,
  ).then(
    (body) => ((outcome = { ok: true, body }), signal()),
    (err) => ((outcome = { ok: false, err }), signal()),
  );
  if (!queue.length && !paced.length && !outcome) await changed;
  const early = outcome as Outcome<T> | null;
  if (early && !early.ok && !queue.length && !paced.length) throw early.err;

  const finish = (o: Outcome<T>): string[] => {
    if (!o.ok) {
      const known = clientErrorOf(o.err);
      if (known) return [sseEvent({ type: "error", detail: known.detail })];
      if (!req.signal.aborted) log.error({ err: o.err, reqId: crypto.randomUUID(), where: opts.where }, `${opts.where} failed while streaming`);
      return [sseEvent({ type: "error", detail: "Internal server error" })];
    }
    const rest = !streamed ? deltaEvents(opts.textOf(o.body)) : [];
    return [...rest, sseEvent({ type: "message", ...o.body })];
  };

  let finished = false;
  let sentPaced = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (queue.length) {
          controller.enqueue(encoder.encode(queue.splice(0).join("")));
          return;
        }
        const o = outcome as Outcome<T> | null;
        if (o && !finished) {
          finished = true;
          paced.push(...finish(o));
        }
        const next = paced.shift();
        if (next !== undefined) {
          // A finished text goes out a few words at a time, as a model's would (first at once).
          if (next.startsWith('data: {"type":"delta"') && sentPaced++) await sleep(PACE_MS);
          controller.enqueue(encoder.encode(next));
          if (finished && !paced.length) controller.close();
          return;
        }
        if (finished) {
          controller.close();
          return;
        }
        await changed;
      }
    },
  });
  return new Response(body, {
    status: opts.status ?? 200,
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
