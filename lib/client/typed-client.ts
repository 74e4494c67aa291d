// The API's typed client for browser, CLI and scripts alike: paths, parameters, bodies and
// answers typed from the OpenAPI document (api-types.ts, generated), calls made by openapi-fetch.
// Every non-2xx answer becomes an ApiClientError carrying the server's `detail`; an unreachable
// server is ApiClientError(0, …). Import-free of the server (safe in the browser bundle).
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./api-types";

export type { components, paths };
export type Schemas = components["schemas"];
export type ApiClient = Client<paths>;

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
    this.name = "ApiClientError";
  }
}

/** The server's `detail` in an error body (text or parsed), else `fallback`. */
export function detailOf(body: unknown, fallback: string): string {
  let data = body;
  if (typeof body === "string") {
    try {
      data = JSON.parse(body) as unknown;
    } catch {
      return fallback;
    }
  }
  if (data && typeof data === "object" && typeof (data as { detail?: unknown }).detail === "string") {
    return (data as { detail: string }).detail;
  }
  return fallback;
}

export type AuthorizationSource = () => string | null | undefined | Promise<string | null | undefined>;

export interface ClientOptions {
  /** Where `/api` is: `""` in the browser (same origin), else e.g. `http://localhost:3000`. */
  origin: string;
  /** The Authorization header value for each request (unless the call sets its own). */
  authorization?: AuthorizationSource;
  fetch?: typeof fetch;
}

/** A typed client; `headers: { Authorization: "" }` on a call sends it without a credential. */
export function createApiClient(opts: ClientOptions): ApiClient {
  const baseFetch = opts.fetch ?? ((input: Request) => globalThis.fetch(input));
  return createClient<paths>({
    baseUrl: `${opts.origin.replace(/\/+$/, "")}/api`,
    cache: "no-store",
    fetch: async (request: Request) => {
      const headers = new Headers(request.headers);
      if (!headers.has("Authorization")) {
        const auth = await opts.authorization?.();
        if (auth) headers.set("Authorization", auth);
      } else if (!headers.get("Authorization")) headers.delete("Authorization");
      try {
        return await baseFetch(new Request(request, { headers }));
      } catch (err) {
        if ((err as Error).name === "AbortError") throw err;
        throw new ApiClientError(0, "Could not reach the server. Check your connection and try again.");
      }
    },
  });
}

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The answer's data, or its `detail` thrown as ApiClientError. */
export async function unwrap<T>(call: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) {
    throw new ApiClientError(response.status, detailOf(error, `Request failed (${response.status} ${response.statusText || "error"})`));
  }
  return data as T;
}

/** For streams and downloads (`parseAs: "stream"`): the Response itself, or the `detail` thrown. */
export async function unwrapResponse(call: Promise<Answer<unknown>>): Promise<Response> {
  const { error, response } = await call;
  if (!response.ok) {
    throw new ApiClientError(response.status, detailOf(error, `Request failed (${response.status} ${response.statusText || "error"})`));
  }
  return response;
}
