// Where the browser keeps the API key it signs in with (local mode): localStorage, shared by tabs.
// A change in this tab is announced with a custom event; other tabs get the `storage` event.
const STORAGE_KEY = "va.api_key";
const REASON_KEY = "va.signed_out_reason";
const CHANGE_EVENT = "va:api-key-change";

function storage(kind: "local" | "session"): Storage | null {
  if (typeof window === "undefined") return null;
  try {
    return kind === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // storage disabled (privacy settings)
  }
}

export function readStoredKey(): string | null {
  return storage("local")?.getItem(STORAGE_KEY) ?? null;
}

export function storeKey(key: string): void {
  storage("local")?.setItem(STORAGE_KEY, key);
  storage("session")?.removeItem(REASON_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Forgets the key; `reason` is shown once on the sign-in page (e.g. the server's detail). */
export function clearStoredKey(reason?: string): void {
  storage("local")?.removeItem(STORAGE_KEY);
  if (reason) storage("session")?.setItem(REASON_KEY, reason);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** The reason of the last forced sign-out, read once. */
export function takeSignedOutReason(): string | null {
  const s = storage("session");
  const reason = s?.getItem(REASON_KEY) ?? null;
  s?.removeItem(REASON_KEY);
  return reason;
}

export function subscribeToStoredKey(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

/** The `key_prefix` the server shows for a raw key: `svc_live_` + 8 hex + `…`. */
export function keyPrefixOf(rawKey: string): string | null {
  const m = /^svc_live_([0-9a-f]{8})/.exec(rawKey);
  return m ? `svc_live_${m[1]}…` : null;
}
