// The browser's one way to call /api (JSON, streams and downloads alike): adds the Authorization
// header (the stored API key, or a Clerk bearer token once the Clerk bridge registers itself) and
// turns every non-2xx answer into an ApiClientError carrying the server's `detail`.
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

/** The server's `detail` in an error body, else `fallback` (bodies that are not JSON included). */
export function detailOf(body: string, fallback: string): string {
  try {
    const data = JSON.parse(body) as unknown;
    if (data && typeof data === "object" && typeof (data as { detail?: unknown }).detail === "string") {
      return (data as { detail: string }).detail;
    }
  } catch {
    /* not JSON */
  }
  return fallback;
}

/**
 * The browser's one fetch of `/api…`: the signed-in credential (or `authorization`), no cache, and
 * every non-2xx answer thrown as ApiClientError(detail). Streams and downloads use it directly.
 */
export async function fetchWithAuth(path: string, init: RequestInit = {}, authorization?: string): Promise<Response> {
  const headers = new Headers(init.headers);
  const auth = authorization ?? (await authorizationSource());
  if (auth) headers.set("Authorization", auth);
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { ...init, headers, cache: "no-store" });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new ApiClientError(0, "Could not reach the server. Check your connection and try again.");
  }
  if (!res.ok) {
    const body = await res.text().catch(() => "");
    throw new ApiClientError(res.status, detailOf(body, `Request failed (${res.status} ${res.statusText || "error"})`));
  }
  return res;
}

/** A JSON request: the answer's body parsed (undefined when empty or not JSON). */
export async function apiRequest<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetchWithAuth(
    path,
    { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), signal: opts.signal },
    opts.authorization,
  );
  const text = await res.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined as T;
  }
}

export const apiClient = {
  get: <T>(path: string, opts?: RequestOptions) => apiRequest<T>("GET", path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => apiRequest<T>("POST", path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => apiRequest<T>("PATCH", path, { ...opts, body }),
  delete: <T>(path: string, opts?: RequestOptions) => apiRequest<T>("DELETE", path, opts),
};
