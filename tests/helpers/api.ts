// A small client over the route handlers: real Requests in, parsed JSON out.
import { dispatch } from "./routes";

/** A well-formed id that no resource has. */
export const GHOST = "00000000-0000-4000-8000-000000000000";

export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface CallOptions {
  auth?: string | null;
  body?: unknown;
  /** Sent as is (e.g. malformed JSON). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export async function call<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.auth) headers.authorization = opts.auth;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers["content-type"] ??= "application/json";
  const res = await dispatch(new Request(`http://localhost/api${path}`, { method, headers, body }));
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed as T, headers: res.headers, text };
}
