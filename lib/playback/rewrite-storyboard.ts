// A storyboard's WebVTT track is stored with its sprite named relatively (`storyboard.jpg#xywh=…`,
// see lib/playback/storyboard-vtt.ts). Served, each cue's image URI becomes a URL the caller may
// fetch – resolved the way HLS manifest URIs are (rewrite-manifest.ts) – and keeps its fragment.
import { resolveManifestUri } from "./rewrite-manifest";
import { item } from "@/lib/core/item";

/** Rewrites the image URI of every cue with `urlFor(key)`; URIs it cannot resolve (or `null`) are kept. */
export function rewriteVttImages(text: string, vttKey: string, urlFor: (key: string) => string | null): string {
  const lines = text.split(/\r?\n/);
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!item(lines, i).includes("-->")) continue;
    const payload = item(lines, i + 1).trim();
    if (!payload) continue;
    const hash = payload.indexOf("#");
    const uri = hash < 0 ? payload : payload.slice(0, hash);
    const key = resolveManifestUri(vttKey, uri);
    const url = key ? urlFor(key) : null;
    if (url) lines[i + 1] = url + (hash < 0 ? "" : payload.slice(hash));
  }
  return lines.join("\n");
}
