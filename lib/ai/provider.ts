// The configured OpenAI-compatible model provider. Configuration (environment):
//   OPENAI_API_KEY           enables model-backed analysis; unset → every module runs locally
//   OPENAI_BASE_URL          any OpenAI-compatible endpoint (default: the SDK's api.openai.com/v1)
//   OPENAI_CHAT_MODEL        reasoning and chat (default gpt-4o-mini)
//   OPENAI_VISION_MODEL      image description / logos (default: the chat model)
//   OPENAI_TRANSCRIBE_MODEL  speech-to-text, must support verbose_json segments (default whisper-1)
//   OPENAI_EMBEDDING_MODEL   segment and query embeddings, asked for 512 dims (default text-embedding-3-small)
// A model variable set to `none` turns that capability off (an endpoint without speech-to-text,
// say), and the modules that need it fall back to local analysis with a note.
import OpenAI from "openai";

export type ModelKind = "chat" | "vision" | "transcribe" | "embedding";

export interface AiConfig {
  apiKey: string;
  baseURL: string | undefined;
  models: Record<ModelKind, string | null>;
}

const DEFAULTS = {
  chat: "gpt-4o-mini",
  transcribe: "whisper-1",
  embedding: "text-embedding-3-small",
};

function modelVar(name: string, fallback: string | null): string | null {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  return raw.toLowerCase() === "none" ? null : raw;
}

/** The provider configuration, or null when no model is configured (no OPENAI_API_KEY). */
export function getAiConfig(): AiConfig | null {
  const apiKey = process.env.OPENAI_API_KEY?.trim();
  if (!apiKey) return null;
  const chat = modelVar("OPENAI_CHAT_MODEL", DEFAULTS.chat);
  return {
    apiKey,
    baseURL: process.env.OPENAI_BASE_URL?.trim() || undefined,
    models: {
      chat,
      vision: modelVar("OPENAI_VISION_MODEL", chat),
      transcribe: modelVar("OPENAI_TRANSCRIBE_MODEL", DEFAULTS.transcribe),
      embedding: modelVar("OPENAI_EMBEDDING_MODEL", DEFAULTS.embedding),
    },
  };
}

/** The model configured for `kind`, or null when there is none. */
export function getModel(kind: ModelKind): string | null {
  return getAiConfig()?.models[kind] ?? null;
}

type Holder = { client?: OpenAI; key?: string };
const holder: Holder = ((globalThis as Record<string, unknown>).__vaOpenAI ??= {}) as Holder;

/** An `openai` client for the configured endpoint, or null when no model is configured. */
export function getOpenAI(): OpenAI | null {
  const config = getAiConfig();
  if (!config) return null;
  const key = `${config.apiKey}\n${config.baseURL ?? ""}`;
  if (!holder.client || holder.key !== key) {
    // Our own retries are per pipeline step; the SDK's two retries cover transient 429/5xx.
    holder.client = new OpenAI({ apiKey: config.apiKey, baseURL: config.baseURL, maxRetries: 2, timeout: 10 * 60_000 });
    holder.key = key;
  }
  return holder.client;
}

/** A model-backed capability: the client and the model name, or null when not configured. */
export function getModelClient(kind: ModelKind): { client: OpenAI; model: string } | null {
  const client = getOpenAI();
  const model = getModel(kind);
  return client && model ? { client, model } : null;
}
