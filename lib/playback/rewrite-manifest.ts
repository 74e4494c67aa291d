// HLS manifests are stored with relative segment names (`seg00000.ts`). Served to a player, every
// URI (segment lines and `URI="…"` attributes such as EXT-X-MAP or EXT-X-KEY) becomes a presigned
// URL of that object, so the player fetches segments straight from storage.
import path from "node:path";
import { item } from "@/lib/core/item";

/** The storage key a relative URI of the manifest at `manifestKey` names, or null if it leaves its folder. */
export function resolveManifestUri(manifestKey: string, uri: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith("/")) return null; // absolute: left as is
  const dir = path.posix.dirname(manifestKey);
  const clean = item(uri.split(/[?#]/), 0);
  let decoded: string;
  try {
    decoded = decodeURIComponent(clean);
  } catch {
    return null;
  }
  const key = path.posix.normalize(`${dir}/${decoded}`);
  return key.startsWith(`${dir}/`) ? key : null;
}

/** Rewrites a manifest's relative URIs with `sign(key)`; URIs it cannot resolve are kept. */
export async function rewriteManifest(
  text: string,
  manifestKey: string,
  sign: (key: string) => Promise<string>,
): Promise<string> {
  const cache = new Map<string, Promise<string>>();
  const signed = (key: string) => {
    let p = cache.get(key);
    if (!p) cache.set(key, (p = sign(key)));
    return p;
  };
  const lines = text.split(/\r?\n/);
  const out = await Promise.all(
    lines.map(async (line) => {
      const trimmed = line.trim();
      if (!trimmed) return line;
      if (trimmed.startsWith("#")) {
        if (!/URI="/.test(trimmed)) return line;
        const parts: string[] = [];
        let last = 0;
        for (const m of trimmed.matchAll(/URI="([^"]*)"/g)) {
          const key = resolveManifestUri(manifestKey, m[1]!);
          parts.push(trimmed.slice(last, m.index), key ? `URI="${await signed(key)}"` : m[0]);
          last = m.index + m[0].length;
        }
        parts.push(trimmed.slice(last));
        return parts.join("");
      }
      const key = resolveManifestUri(manifestKey, trimmed);
      return key ? signed(key) : line;
    }),
  );
  return out.join("\n");
}
