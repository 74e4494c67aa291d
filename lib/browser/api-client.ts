// The browser's one way to call /api: adds the Authorization header (the stored API key, or a
// Clerk bearer token once the Clerk bridge registers itself) and turns every non-2xx answer into
// an ApiClientError carrying the server's `detail`, so the UI can show the server's words.
import { readStoredKey } from "./key-storage";

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
    this.name = "ApiClientError";
  }
}

export function isApiClientError(err: unknown, status?: number): err is ApiClientError {
  return err instanceof ApiClientError && (status === undefined || err.status === status);
}

/** The text to show a person for any error thrown by a request. */
export function errorDetail(err: unknown): string {
  if (err instanceof ApiClientError) return err.detail;
  if (err instanceof Error && err.message) return err.message;
  return "Something went wrong";
}

type AuthorizationSource = () => string | null | Promise<string | null>;

let authorizationSource: AuthorizationSource = readStoredKey;

/** Clerk mode replaces the local API key with `Bearer <session token>`. */
export function setAuthorizationSource(source: AuthorizationSource): void {
  authorizationSource = source;
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Use this header value instead of the signed-in credential (checking a key before storing it). */
  authorization?: string;
}

export async function apiRequest<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  const authorization = opts.authorization ?? (await authorizationSource());
  if (authorization) headers.Authorization = authorization;
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";

  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
      cache: "no-store",
    });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new ApiClientError(0, "Could not reach the server. Check your connection and try again.");
  }

  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!res.ok) {
    const detail =
      data && typeof data === "object" && typeof (data as { detail?: unknown }).detail === "string"
        ? (data as { detail: string }).detail
        : `Request failed (${res.status} ${res.statusText || "error"})`;
    throw new ApiClientError(res.status, detail);
  }
  return data as T;
}

export const apiClient = {
  get: <T>(path: string, opts?: RequestOptions) => apiRequest<T>("GET", path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => apiRequest<T>("POST", path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => apiRequest<T>("PATCH", path, { ...opts, body }),
  delete: <T>(path: string, opts?: RequestOptions) => apiRequest<T>("DELETE", path, opts),
};
