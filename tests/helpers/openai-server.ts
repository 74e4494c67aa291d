// A local stand-in for the OpenAI API, speaking its wire protocol closely enough for the `openai`
// SDK and strict enough to prove our requests would be accepted:
//   POST /v1/chat/completions    JSON; text and image_url content parts; response_format json_object
//                                (which, like the real API, needs the word "json" in the messages);
//                                `stream: true` answers text/event-stream `chat.completion.chunk`s
//                                (a word or so each, `streamDelayMs` apart) and `data: [DONE]`
//   POST /v1/embeddings          JSON; encoding_format float|base64 (the SDK's default: float32 LE),
//                                `dimensions`; deterministic unit vectors from the text
//   POST /v1/audio/transcriptions multipart/form-data: file, model, response_format, prompt,
//                                language, timestamp_granularities[]; verbose_json with segments
// Answers come from handler functions the test sets; every request is recorded. Errors use the
// API's body `{"error": {message, type, param, code}}`. Point OPENAI_BASE_URL at `url`.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll } from "vitest";

export interface RecordedOpenAIRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON, or for multipart the text fields (repeated fields as arrays) plus `file`. */
  body: any;
  status?: number;
  /** A streamed completion whose client went away before its end. */
  streamCut?: boolean;
}

export interface ChatRequest {
  model: string;
  messages: { role: string; content: unknown }[];
  body: Record<string, any>;
  /** Every text part of every message, joined by newlines. */
  text: string;
  /** Every image_url url, in order. */
  images: string[];
}
/** An object is sent as its JSON text; a string as is. */
export type ChatHandler = (req: ChatRequest) => string | object | Promise<string | object>;

export interface TranscriptionRequest {
  model: string;
  fileName: string;
  fileType: string;
  file: Buffer;
  /** Seconds of audio when the file is a PCM WAV (read from its header), else null. */
  audioSeconds: number | null;
  responseFormat: string;
  granularities: string[];
  prompt: string | null;
  language: string | null;
  /** 0 for the first transcription request since the last reset, 1 for the next, … */
  index: number;
}
export interface TranscriptionSegmentInput {
  start: number;
  end: number;
  text: string;
  avg_logprob?: number;
  no_speech_prob?: number;
  compression_ratio?: number;
}
export type TranscriptionHandler = (
  req: TranscriptionRequest,
) => { text?: string; language?: string; segments: TranscriptionSegmentInput[] } | Promise<{ text?: string; language?: string; segments: TranscriptionSegmentInput[] }>;

export interface FakeOpenAI {
  /** Base URL for OPENAI_BASE_URL (ends in /v1). */
  url: string;
  apiKey: string;
  requests: RecordedOpenAIRequest[];
  chat: ChatHandler;
  transcription: TranscriptionHandler;
  /** Pause between streamed chat chunks (0 after each reset). */
  streamDelayMs: number;
  /** The environment that points the app at this server. */
  env(): { OPENAI_API_KEY: string; OPENAI_BASE_URL: string };
  /** Answer the next `times` requests to `path` (e.g. "/v1/embeddings") with this error. */
  fail(path: string, status: number, message: string, times?: number): void;
  requestsTo(path: string): RecordedOpenAIRequest[];
  reset(): void;
  close(): Promise<void>;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param: string | null = null,
    readonly code: string | null = null,
    readonly type = status === 401 ? "invalid_request_error" : status >= 500 ? "server_error" : "invalid_request_error",
  ) {
    super(message);
  }
}

/** A streamed chat completion: its pieces as `chat.completion.chunk` events, then `[DONE]`. */
class ChatStream {
  constructor(
    readonly model: string,
    readonly pieces: string[],
  ) {}

  async write(res: http.ServerResponse, delayMs: number, record: RecordedOpenAIRequest): Promise<void> {
    const id = `chatcmpl-${crypto.randomBytes(12).toString("hex")}`;
    const created = Math.floor(Date.now() / 1000);
    const chunk = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: this.model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;
    res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
    res.write(chunk({ role: "assistant", content: "", refusal: null }, null));
    for (const piece of this.pieces) {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      if (res.destroyed) {
        record.streamCut = true;
        return;
      }
      res.write(chunk({ content: piece }, null));
    }
    res.write(chunk({}, "stop"));
    res.end("data: [DONE]\n\n");
  }
}

const MAX_UPLOAD = 26_214_400;
const AUDIO_EXTENSIONS = ["flac", "m4a", "mp3", "mp4", "mpeg", "mpga", "oga", "ogg", "wav", "webm"];
const NATIVE_DIMS: Record<string, number> = {
  "text-embedding-3-small": 1536,
  "text-embedding-3-large": 3072,
  "text-embedding-ada-002": 1536,
};

/** A deterministic unit vector for a text (not semantic: equal texts, equal vectors). */
export function fakeEmbedding(text: string, dims: number): number[] {
  const out = new Array<number>(dims);
  let block = Buffer.alloc(0);
  let counter = 0;
  for (let i = 0; i < dims; i++) {
    if ((i * 4) % 32 === 0) block = crypto.createHash("sha256").update(`${counter++}\0${text}`).digest();
    out[i] = block.readInt32LE((i * 4) % 32) / 2 ** 31;
  }
  const norm = Math.sqrt(out.reduce((s, x) => s + x * x, 0)) || 1;
  return out.map((x) => x / norm);
}

function wavSeconds(buf: Buffer): number | null {
  if (buf.length < 44 || buf.toString("ascii", 0, 4) !== "RIFF" || buf.toString("ascii", 8, 12) !== "WAVE") return null;
  let off = 12;
  let byteRate = 0;
  while (off + 8 <= buf.length) {
    const id = buf.toString("ascii", off, off + 4);
    const size = buf.readUInt32LE(off + 4);
    if (id === "fmt ") byteRate = buf.readUInt32LE(off + 16);
    if (id === "data") {
      const bytes = Math.min(size, buf.length - off - 8);
      return byteRate ? bytes / byteRate : null;
    }
    off += 8 + size + (size % 2);
  }
  return null;
}

function requireModel(body: Record<string, unknown>) {
  if (typeof body.model !== "string" || !body.model) throw new ApiError(400, "you must provide a model parameter", null, null);
}

function chatRequest(body: Record<string, any>): ChatRequest {
  requireModel(body);
  if (!("messages" in body)) throw new ApiError(400, "Missing required parameter: 'messages'.", "messages", "missing_required_parameter");
  if (!Array.isArray(body.messages) || !body.messages.length) {
    throw new ApiError(400, "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.", "messages", "empty_array");
  }
  const texts: string[] = [];
  const images: string[] = [];
  body.messages.forEach((m: any, i: number) => {
    if (!m || !["system", "developer", "user", "assistant", "tool"].includes(m.role)) {
      throw new ApiError(400, `Invalid value for 'messages[${i}].role'.`, `messages[${i}].role`, "invalid_value");
    }
    if (typeof m.content === "string") texts.push(m.content);
    else if (Array.isArray(m.content)) {
      m.content.forEach((p: any, j: number) => {
        const param = `messages[${i}].content[${j}]`;
        if (p?.type === "text" && typeof p.text === "string") texts.push(p.text);
        else if (p?.type === "image_url") {
          const url = p.image_url?.url;
          if (m.role !== "user") throw new ApiError(400, `Invalid '${param}': image content parts are only allowed in user messages.`, param, "invalid_value");
          if (typeof url !== "string" || !/^(https?:\/\/|data:image\/(png|jpeg|gif|webp);base64,)/.test(url)) {
            throw new ApiError(400, "Invalid image URL: expected an http(s) URL or a base64 data URL of a png, jpeg, gif or webp image.", `${param}.image_url.url`, "invalid_image_url");
          }
          if (p.image_url.detail && !["auto", "low", "high"].includes(p.image_url.detail)) {
            throw new ApiError(400, `Invalid value for '${param}.image_url.detail'.`, `${param}.image_url.detail`, "invalid_value");
          }
          images.push(url);
        } else throw new ApiError(400, `Invalid value for '${param}.type'.`, `${param}.type`, "invalid_value");
      });
    } else if (!(m.role === "assistant" && (m.content == null || m.tool_calls))) {
      throw new ApiError(400, `Invalid type for 'messages[${i}].content': expected a string or an array of content parts.`, `messages[${i}].content`, "invalid_type");
    }
  });
  const text = texts.join("\n");
  const rf = body.response_format;
  if (rf !== undefined) {
    if (!rf || !["text", "json_object", "json_schema"].includes(rf.type)) {
      throw new ApiError(400, "Invalid value for 'response_format.type'.", "response_format.type", "invalid_value");
    }
    if (rf.type === "json_object" && !/json/i.test(text)) {
      throw new ApiError(400, "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.", "messages", null);
    }
  }
  return { model: body.model, messages: body.messages, body, text, images };
}

function embeddings(body: Record<string, any>) {
  requireModel(body);
  if (!("input" in body)) throw new ApiError(400, "'input' is a required property", "input", null);
  const input = body.input;
  const list: unknown[] = Array.isArray(input) && !input.every((x) => typeof x === "number") ? input : [input];
  if (!list.length || list.length > 2048) throw new ApiError(400, "'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference.", "input", null);
  for (const x of list) {
    const ok = (typeof x === "string" && x.length > 0) || (Array.isArray(x) && x.length > 0 && x.every(Number.isInteger));
    if (!ok) throw new ApiError(400, "'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference.", "input", null);
  }
  const native = NATIVE_DIMS[body.model] ?? 1536;
  let dims = native;
  if (body.dimensions !== undefined) {
    if (body.model === "text-embedding-ada-002") throw new ApiError(400, "This model does not support specifying dimensions.", "dimensions", null);
    if (!Number.isInteger(body.dimensions) || body.dimensions < 1 || body.dimensions > native) {
      throw new ApiError(400, `Invalid value for 'dimensions' = ${body.dimensions}. Must be between 1 and ${native}.`, "dimensions", "invalid_value");
    }
    dims = body.dimensions;
  }
  const format = body.encoding_format ?? "float";
  if (!["float", "base64"].includes(format)) throw new ApiError(400, "Invalid value for 'encoding_format'.", "encoding_format", "invalid_value");
  let tokens = 0;
  const data = list.map((x, index) => {
    const text = typeof x === "string" ? x : (x as number[]).join(" ");
    tokens += typeof x === "string" ? Math.ceil(x.split(/\s+/).length * 1.3) : (x as number[]).length;
    const v = fakeEmbedding(text, dims);
    const embedding = format === "base64" ? Buffer.from(new Float32Array(v).buffer).toString("base64") : v;
    return { object: "embedding", index, embedding };
  });
  return { object: "list", data, model: body.model, usage: { prompt_tokens: tokens, total_tokens: tokens } };
}

async function parseMultipart(raw: Buffer, contentType: string): Promise<FormData> {
  if (!/^multipart\/form-data/i.test(contentType)) {
    throw new ApiError(400, "Invalid Content-Type header (expected multipart/form-data)", null, null);
  }
  if (raw.length > MAX_UPLOAD) throw new ApiError(413, `Maximum content size limit (${MAX_UPLOAD}) exceeded (${raw.length} bytes read)`);
  try {
    return await new Request("http://fake/", { method: "POST", headers: { "content-type": contentType }, body: new Uint8Array(raw) }).formData();
  } catch {
    throw new ApiError(400, "Could not parse multipart form", null, null);
  }
}

async function transcriptionRequest(form: FormData, index: number): Promise<TranscriptionRequest> {
  const file = form.get("file");
  if (!file || typeof file === "string") throw new ApiError(400, "1 validation error for Request\nbody -> file\n  field required (type=value_error.missing)", "file", null);
  const model = form.get("model");
  if (typeof model !== "string" || !model) throw new ApiError(400, "you must provide a model parameter", "model", null);
  const ext = (file.name.split(".").pop() ?? "").toLowerCase();
  if (!AUDIO_EXTENSIONS.includes(ext)) {
    throw new ApiError(400, `Invalid file format. Supported formats: ${JSON.stringify(AUDIO_EXTENSIONS)}`, "file", "invalid_value");
  }
  const responseFormat = (form.get("response_format") as string | null) ?? "json";
  if (!["json", "text", "srt", "verbose_json", "vtt"].includes(responseFormat)) {
    throw new ApiError(400, `Invalid value for 'response_format': ${responseFormat}`, "response_format", "invalid_value");
  }
  if (model !== "whisper-1" && responseFormat === "verbose_json") {
    throw new ApiError(400, `response_format 'verbose_json' is not compatible with model '${model}'. Use 'json' or 'text' instead.`, "response_format", "unsupported_value");
  }
  const granularities = form.getAll("timestamp_granularities[]").map(String);
  if (granularities.some((g) => !["segment", "word"].includes(g))) {
    throw new ApiError(400, "Invalid value for 'timestamp_granularities[]'.", "timestamp_granularities", "invalid_value");
  }
  if (granularities.length && responseFormat !== "verbose_json") {
    throw new ApiError(400, "timestamp_granularities is only supported with response_format=verbose_json", "timestamp_granularities", null);
  }
  const bytes = Buffer.from(await file.arrayBuffer());
  return {
    model,
    fileName: file.name,
    fileType: file.type,
    file: bytes,
    audioSeconds: wavSeconds(bytes),
    responseFormat,
    granularities,
    prompt: (form.get("prompt") as string | null) ?? null,
    language: (form.get("language") as string | null) ?? null,
    index,
  };
}

function formRecord(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key).map((v) => (typeof v === "string" ? v : { name: v.name, type: v.type, size: v.size }));
    out[key] = key.endsWith("[]") ? values : values[0];
  }
  return out;
}

/** The server, not yet listening: `listen` starts it and sets `url` and `close`. */
function createFakeOpenAI(opts: { apiKey?: string } = {}): { fake: FakeOpenAI; listen: () => Promise<void> } {
  const apiKey = opts.apiKey ?? `sk-test-${crypto.randomBytes(8).toString("hex")}`;
  const failures: { path: string; status: number; message: string; times: number }[] = [];
  let transcriptions = 0;

  const fake: FakeOpenAI = {
    url: "",
    apiKey,
    requests: [],
    chat: () => {
      throw new ApiError(500, "The fake server has no chat handler for this test");
    },
    transcription: () => ({ segments: [] }),
    streamDelayMs: 0,
    env: () => ({ OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: fake.url }),
    fail(path, status, message, times = 1) {
      failures.push({ path, status, message, times });
    },
    requestsTo: (path) => fake.requests.filter((r) => r.path === path),
    reset() {
      fake.requests.length = 0;
      failures.length = 0;
      fake.streamDelayMs = 0;
      transcriptions = 0;
    },
    close: async () => {},
  };

  const handle = async (req: http.IncomingMessage, raw: Buffer, record: RecordedOpenAIRequest): Promise<unknown> => {
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      const shown = (req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
      throw new ApiError(
        401,
        shown ? `Incorrect API key provided: ${shown.slice(0, 3)}***${shown.slice(-4)}.` : "You didn't provide an API key.",
        null,
        shown ? "invalid_api_key" : null,
      );
    }
    const failure = failures.find((f) => f.path === record.path && f.times > 0);
    if (failure) {
      failure.times--;
      throw new ApiError(failure.status, failure.message);
    }
    const contentType = req.headers["content-type"] ?? "";
    if (record.path === "/v1/audio/transcriptions") {
      const form = await parseMultipart(raw, contentType);
      record.body = formRecord(form);
      const t = await transcriptionRequest(form, transcriptions++);
      const answer = await fake.transcription(t);
      const segments = answer.segments.map((s, id) => ({
        id,
        seek: Math.round(s.start * 100),
        start: s.start,
        end: s.end,
        text: s.text,
        tokens: [],
        temperature: 0,
        avg_logprob: s.avg_logprob ?? -0.25,
        compression_ratio: s.compression_ratio ?? 1.3,
        no_speech_prob: s.no_speech_prob ?? 0.01,
      }));
      const text = answer.text ?? segments.map((s) => s.text).join("");
      if (t.responseFormat === "text") return text;
      if (t.responseFormat !== "verbose_json") return { text };
      return {
        task: "transcribe",
        language: answer.language ?? "english",
        duration: t.audioSeconds ?? (segments.length ? segments[segments.length - 1]!.end : 0),
        text,
        segments,
        usage: { type: "duration", seconds: Math.ceil(t.audioSeconds ?? 0) },
      };
    }
    if (!/^application\/json/i.test(contentType)) throw new ApiError(400, "Invalid Content-Type header (expected application/json)");
    let body: any;
    try {
      body = JSON.parse(raw.toString("utf8"));
    } catch {
      throw new ApiError(400, "We could not parse the JSON body of your request.");
    }
    record.body = body;
    if (record.path === "/v1/embeddings") return embeddings(body);
    if (record.path === "/v1/chat/completions") {
      const chat = chatRequest(body);
      const answer = await fake.chat(chat);
      const content = typeof answer === "string" ? answer : JSON.stringify(answer);
      const promptTokens = Math.ceil(chat.text.length / 4);
      const completionTokens = Math.ceil(content.length / 4);
      if (body.stream === true) return new ChatStream(chat.model, content.match(/\s*\S+/g) ?? [content]);
      return {
        id: `chatcmpl-${crypto.randomBytes(12).toString("hex")}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: chat.model,
        choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, logprobs: null, finish_reason: "stop" }],
        usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
      };
    }
    throw new ApiError(404, `Invalid URL (${req.method} ${record.path})`);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const raw = Buffer.concat(chunks);
      const record: RecordedOpenAIRequest = { method: req.method ?? "", path: (req.url ?? "").split("?")[0]!, headers: req.headers, body: null };
      fake.requests.push(record);
      try {
        if (req.method !== "POST") throw new ApiError(404, `Invalid URL (${req.method} ${record.path})`);
        const out = await handle(req, raw, record);
        record.status = 200;
        if (out instanceof ChatStream) {
          await out.write(res, fake.streamDelayMs, record);
        } else if (typeof out === "string") {
          res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
          res.end(out);
        } else {
          res.writeHead(200, { "content-type": "application/json", "x-request-id": `req_${crypto.randomBytes(8).toString("hex")}` });
          res.end(JSON.stringify(out));
        }
      } catch (err) {
        const e = err instanceof ApiError ? err : new ApiError(500, `The fake server failed: ${(err as Error).message}`);
        record.status = e.status;
        res.writeHead(e.status, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: e.message, type: e.type, param: e.param, code: e.code } }));
      }
    });
  });
  const listen = async () => {
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    fake.url = `http://127.0.0.1:${port}/v1`;
    fake.close = () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      });
  };
  return { fake, listen };
}

export async function startFakeOpenAI(opts: { apiKey?: string } = {}): Promise<FakeOpenAI> {
  const { fake, listen } = createFakeOpenAI(opts);
  await listen();
  return fake;
}

/**
 * A server for the tests of this file (or describe block), listening from beforeAll until afterAll;
 * `url` and `env()` can be used once it listens. After each test its recorded requests and failures
 * are reset and the environment that pointed the app at it is removed: OPENAI_API_KEY,
 * OPENAI_BASE_URL and the `alsoUnset` variables.
 */
export function useFakeOpenAI(opts: { alsoUnset?: string[] } = {}): FakeOpenAI {
  const { fake, listen } = createFakeOpenAI();
  beforeAll(listen);
  afterAll(() => fake.close());
  afterEach(() => {
    for (const k of ["OPENAI_API_KEY", "OPENAI_BASE_URL", ...(opts.alsoUnset ?? [])]) delete process.env[k];
    fake.reset();
  });
  return fake;
}
