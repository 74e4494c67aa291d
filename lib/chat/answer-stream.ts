// Streaming of chat answers without threading a callback through the answer engine: a request that
// wants `text/event-stream` runs the engine inside `withAnswerStream(onDelta, …)`, and the engine's
// one chat-model call (`completeChat`) streams the completion to that sink when there is one, else
// makes the plain call. The composed offline answer is streamed by the route layer
// (lib/api/event-stream-answer.ts) once it is known.
import { AsyncLocalStorage } from "node:async_hooks";
import type OpenAI from "openai";

type Sink = (text: string) => void;
const sinks = new AsyncLocalStorage<Sink>();

/** Runs `fn` so that chat-model calls inside it stream their text to `onDelta`. */
export function withAnswerStream<T>(onDelta: Sink, fn: () => Promise<T>): Promise<T> {
  return sinks.run(onDelta, fn);
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
      sink(delta);
    }
  }
  return text;
}
