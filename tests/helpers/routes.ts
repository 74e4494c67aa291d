// Calls the app's route handlers the way Next does: the URL is matched against the files under
// app/api (static segments before [param] before [...catchAll]) and the exported method handler
// gets a real Request and its params.
import fs from "node:fs";
import path from "node:path";
import { recordAnswer } from "./answer-log";

const API_DIR = path.join(process.cwd(), "app", "api");

export interface RouteFile {
  file: string;
  segments: string[]; // e.g. ["keys", "[key_id]"]
}

export function listRouteFiles(dir = API_DIR, segments: string[] = []): RouteFile[] {
  const out: RouteFile[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) out.push(...listRouteFiles(path.join(dir, entry.name), [...segments, entry.name]));
    else if (entry.name === "route.ts") out.push({ file: path.join(dir, entry.name), segments });
  }
  return out;
}

/** `/keys/{key_id}` style path of a route file. */
export function openApiPath(r: RouteFile): string {
  return "/" + r.segments.map((s) => s.replace(/^\[(?:\.\.\.)?(.+)\]$/, "{$1}")).join("/");
}

function score(r: RouteFile): number[] {
  return r.segments.map((s) => (s.startsWith("[...") ? 2 : s.startsWith("[") ? 1 : 0));
}

const routes = listRouteFiles().sort((a, b) => {
  const sa = score(a), sb = score(b);
  for (let i = 0; i < Math.max(sa.length, sb.length); i++) {
    if ((sa[i] ?? -1) !== (sb[i] ?? -1)) return (sa[i] ?? -1) - (sb[i] ?? -1);
  }
  return 0;
});

function match(r: RouteFile, parts: string[]): Record<string, string | string[]> | null {
  const params: Record<string, string | string[]> = {};
  for (let i = 0; i < r.segments.length; i++) {
    const seg = r.segments[i]!;
    if (seg.startsWith("[...")) {
      if (i >= parts.length) return null;
      params[seg.slice(4, -1)] = parts.slice(i);
      return params;
    }
    if (i >= parts.length) return null;
    if (seg.startsWith("[")) params[seg.slice(1, -1)] = parts[i]!;
    else if (seg !== parts[i]) return null;
  }
  return r.segments.length === parts.length ? params : null;
}

type RouteModule = Record<string, (req: Request, ctx: unknown) => Promise<Response>>;
/** Each route file is imported once, as Next loads it once (an import per request costs a loader round trip). */
const loaded = new Map<string, Promise<RouteModule>>();
function loadRoute(file: string): Promise<RouteModule> {
  let mod = loaded.get(file);
  if (!mod) loaded.set(file, (mod = import(file) as Promise<RouteModule>));
  return mod;
}

export async function dispatch(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const parts = url.pathname.replace(/^\/api\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  for (const r of routes) {
    const params = match(r, parts);
    if (!params) continue;
    const mod = await loadRoute(r.file);
    const fn = mod[req.method];
    if (!fn) return new Response(null, { status: 405 });
    const res = await fn(req, { params: Promise.resolve(params) });
    recordAnswer({ method: req.method, path: openApiPath(r), status: res.status, type: res.headers.get("content-type") ?? "" });
    return res;
  }
  return new Response(null, { status: 404 });
}
