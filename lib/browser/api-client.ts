// The browser's one way to call /api: the typed client (lib/client, generated from the OpenAPI
// document) with the Authorization header of the signed-in user (the stored API key, or a Clerk
// bearer token once the Clerk bridge registers itself). Every non-2xx answer is an
// ApiClientError carrying the server's `detail`, so the UI can show the server's words.
import { ApiClientError, createApiClient, detailOf, unwrap, unwrapResponse, type AuthorizationSource } from "@/lib/client/typed-client";
import { readStoredKey } from "./key-storage";

export { ApiClientError, detailOf, unwrap, unwrapResponse };
export type { Schemas } from "@/lib/client/typed-client";

export function isApiClientError(err: unknown, status?: number): err is ApiClientError {
  return err instanceof ApiClientError && (status === undefined || err.status === status);
}

/** The text to show a person for any error thrown by a request. */
export function errorDetail(err: unknown): string {
  if (err instanceof ApiClientError) return err.detail;
  if (err instanceof Error && err.message) return err.message;
  return "Something went wrong";
}

let authorizationSource: AuthorizationSource = readStoredKey;

/** Clerk mode replaces the local API key with `Bearer <session token>`. */
export function setAuthorizationSource(source: AuthorizationSource): void {
  authorizationSource = source;
}

/**
 * The typed client: `unwrap(api.GET("/videos/{job_id}", { params: { path: { job_id } } }))`.
 * A call may set `headers: { Authorization: … }` (checking a key before storing it), or
 * `Authorization: ""` to send none (public shared reports).
 */
export const api = createApiClient({ origin: "", authorization: () => authorizationSource() });
