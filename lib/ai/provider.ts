// The configured OpenAI-compatible model provider. Configuration (environment):
//   OPENAI_API_KEY           enables model-backed analysis; unset → every module runs locally
//   OPENAI_BASE_URL          any OpenAI-compatible endpoint (default: the SDK's api.openai.com/v1)
//   OPENAI_CHAT_MODEL        reasoning and chat (default gpt-4o-mini)
//   OPENAI_VISION_MODEL      image description / logos (default: the chat model)
//   OPENAI_TRANSCRIBE_MODEL  speech-to-text, must support verbose_json segments (default whisper-1)
//   OPENAI_EMBEDDING_MODEL   segment and query embeddings, asked for 512 dims (default text-embedding-3-small)
// Per capability (CHAT, VISION, TRANSCRIBE, EMBEDDING), OPENAI_<CAP>_BASE_URL and
// OPENAI_<CAP>_API_KEY point that capability at its own endpoint (a local Whisper server for
// TRANSCRIBE, say) while the others use OPENAI_BASE_URL or stay local. A capability with its own
// base URL is enabled even without any key (local servers rarely want one).
// A model variable set to `none` turns that capability off (an endpoint without speech-to-text,
// say), and the modules that need it fall back to local analysis with a note.
import OpenAI from "openai";
import { processSingleton } from "@/lib/core/process-singleton";
import { env, type Config } from "@/lib/env";

export type ModelKind = "chat" | "vision" | "transcribe" | "embedding";

/** One capability's endpoint: where it is sent, with which key, and the model asked for. */
export interface ModelEndpoint {
  apiKey: string;
  baseURL: string | undefined;
  model: string;
}

const DEFAULTS = {
  chat: "gpt-4o-mini",
  transcribe: "whisper-1",
  embedding: "text-embedding-3-small",
};

const VAR_PART = { chat: "CHAT", vision: "VISION", transcribe: "TRANSCRIBE", embedding: "EMBEDDING" } as const satisfies Record<ModelKind, string>;
/** Sent when a capability's own endpoint needs no key (the SDK insists on one). */
const NO_KEY = "no-key";

/** The OPENAI_* variables that hold text (names, URLs, keys). */
type OpenAIVar = Exclude<Extract<keyof Config, `OPENAI_${string}`>, "OPENAI_TRANSCRIBE_CHUNK_SECONDS">;

function setting(name: OpenAIVar): string | undefined {
  return env()[name];
}

function modelVar(name: OpenAIVar, fallback: string | null): string | null {
  const raw = setting(name);
  if (!raw) return fallback;
  return raw.toLowerCase() === "none" ? null : raw;
}

function modelNames(): Record<ModelKind, string | null> {
  const chat = modelVar("OPENAI_CHAT_MODEL", DEFAULTS.chat);
  return {
    chat,
    vision: modelVar("OPENAI_VISION_MODEL", chat),
    transcribe: modelVar("OPENAI_TRANSCRIBE_MODEL", DEFAULTS.transcribe),
    embedding: modelVar("OPENAI_EMBEDDING_MODEL", DEFAULTS.embedding),
  };
}

/** Where `kind` is sent, or null when that capability is not configured (or set to `none`). */
export function getModelEndpoint(kind: ModelKind): ModelEndpoint | null {
  const model = modelNames()[kind];
  if (!model) return null;
  const ownURL = setting(`OPENAI_${VAR_PART[kind]}_BASE_URL`);
  const ownKey = setting(`OPENAI_${VAR_PART[kind]}_API_KEY`);
  const sharedKey = setting("OPENAI_API_KEY");
  if (ownURL) return { apiKey: ownKey ?? sharedKey ?? NO_KEY, baseURL: ownURL, model };
  const apiKey = ownKey ?? sharedKey;
  return apiKey ? { apiKey, baseURL: setting("OPENAI_BASE_URL"), model } : null;
}

type Holder = { clients: Map<string, OpenAI> };
const holder: Holder = processSingleton<Holder>("__vaOpenAIClients", () => ({ clients: new Map() }));

function clientFor(apiKey: string, baseURL: string | undefined): OpenAI {
  const key = `${apiKey}\n${baseURL ?? ""}`;
  let client = holder.clients.get(key);
  if (!client) {
    // Our own retries are per pipeline step; the SDK's two retries cover transient 429/5xx.
    client = new OpenAI({ apiKey, baseURL, maxRetries: 2, timeout: 10 * 60_000 });
    // Tests and operators change the environment: keep only a few clients around.
    if (holder.clients.size >= 8) holder.clients.clear();
    holder.clients.set(key, client);
  }
  return client;
}

/** A model-backed capability: the client for its endpoint and the model name, or null when not configured. */
export function getModelClient(kind: ModelKind): { client: OpenAI; model: string } | null {
  const ep = getModelEndpoint(kind);
  return ep ? { client: clientFor(ep.apiKey, ep.baseURL), model: ep.model } : null;
}
