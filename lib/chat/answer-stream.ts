// Streaming of chat answers without threading a callback through the answer engine: a request that
// wants `text/event-stream` runs the engine inside `withAnswerStream(sink, …)`, and the engine's
// one chat-model call (`completeChat`) streams the completion to that sink when there is one, else
// makes the plain call. A composed answer (offline: no model) is handed over whole as soon as it is
// known (`streamComposedAnswer`), before it is stored; the route layer
// (lib/api/event-stream-answer.ts) sends it a few words at a time.
import { AsyncLocalStorage } from "node:async_hooks";
import type OpenAI from "openai";

export interface AnswerSink {
  /** A piece of the model's answer, as it arrives. */
  delta: (text: string) => void;
  /** The whole answer, composed without a model. */
  composed: (text: string) => void;
}
const sinks = new AsyncLocalStorage<AnswerSink>();

/** Runs `fn` so that chat-model calls inside it stream their text to `sink`. */
export function withAnswerStream<T>(sink: AnswerSink, fn: () => Promise<T>): Promise<T> {
  return sinks.run(sink, fn);
}

/** Streams a finished answer now, when the request asked for a stream (else nothing happens). */
export function streamComposedAnswer(text: string): void {
  sinks.getStore()?.composed(text);
}

type Messages = OpenAI.Chat.Completions.ChatCompletionMessageParam[];

/** One chat completion's text (untrimmed), streamed to the current sink when a request asked for it. */
export async function completeChat(
  chat: { client: OpenAI; model: string },
  messages: Messages,
  opts: { signal?: AbortSignal; timeout?: number },
): Promise<string | null | undefined> {
  const sink = sinks.getStore();
  if (!sink) {
    const res = await chat.client.chat.completions.create({ model: chat.model, messages }, opts);
    return res.choices[0]?.message?.content;
  }
  const stream = await chat.client.chat.completions.create({ model: chat.model, messages, stream: true }, opts);
  let text = "";
  for await (const chunk of stream) {
    const delta = chunk.choices[0]?.delta?.content;
    if (delta) {
      text += delta;
      sink.delta(delta);
    }
  }
  return text;
}
