// Measures lib's layering from dependency-cruiser's graph: the imports that point up a layer
// (.dependency-cruiser.cjs LIB_LAYERS), the pairs of lib folders that import each other, and the
// circles between folders. `node scripts/lib-layers.mjs` prints them (exit 1 when any is found
// beyond the listed exceptions); `node scripts/lib-layers.mjs graph.json` reads a graph made
// before (`depcruise lib db --config .dependency-cruiser.cjs --output-type json > graph.json`).
// tests/unit/lib-layers.test.ts runs the same functions.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const config = require(path.join(root, ".dependency-cruiser.cjs"));
export const LIB_LAYERS = config.LIB_LAYERS;
export const LIB_UPWARD_EXCEPTIONS = config.LIB_UPWARD_EXCEPTIONS;

/** The layer index of a lib file (-1 outside lib), and every layer it matches (exactly one for a lib file). */
export function layersOf(file) {
  return LIB_LAYERS.map((l, i) => (new RegExp(l.path).test(file) ? i : -1)).filter((i) => i >= 0);
}

/** The folder a lib file counts for: lib/<folder>, lib/config.ts, or the module definitions of lib/pipeline/modules. */
export function unitOf(file) {
  if (!file.startsWith("lib/")) return null;
  if (file.startsWith("lib/pipeline/modules/") && layersOf(file)[0] !== layersOf("lib/pipeline/x.ts")[0]) return "pipeline/modules (definitions)";
  const m = /^lib\/([^/]+)\//.exec(file);
  return m ? m[1] : file.slice(4);
}

/** The graph of lib and db as dependency-cruiser sees it (type-only imports included). */
export function cruiseLib() {
  const bin = path.join(root, "node_modules/.bin/depcruise");
  const args = ["lib", "db", "--config", ".dependency-cruiser.cjs", "--output-type", "json"];
  try {
    return JSON.parse(execFileSync(bin, args, { cwd: root, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 }));
  } catch (err) {
    // Violations make the exit status non-zero; the graph is printed all the same.
    if (err.stdout) return JSON.parse(err.stdout);
    throw err;
  }
}

/** Every import inside lib between two files, once per importing file and target. */
export function libImports(graph) {
  const out = [];
  for (const m of graph.modules) {
    if (!m.source.startsWith("lib/")) continue;
    for (const d of m.dependencies) if (d.resolved.startsWith("lib/")) out.push({ from: m.source, to: d.resolved });
  }
  return out;
}

export function measure(graph) {
  const imports = libImports(graph);
  const upward = imports.filter((e) => (layersOf(e.from)[0] ?? -1) < (layersOf(e.to)[0] ?? -1));
  const allowed = (e) => LIB_UPWARD_EXCEPTIONS.some((x) => x.from === e.from && x.to === e.to);
  const edges = new Map();
  for (const e of imports) {
    const a = unitOf(e.from);
    const b = unitOf(e.to);
    if (a === b) continue;
    if (!edges.has(a)) edges.set(a, new Map());
    const to = edges.get(a);
    to.set(b, [...(to.get(b) ?? []), `${e.from} → ${e.to}`]);
  }
  const mutual = [];
  for (const [a, to] of edges) for (const [b, why] of to) if (a < b && edges.get(b)?.has(a)) mutual.push({ pair: [a, b], imports: [...why, ...edges.get(b).get(a)] });
  return { upward, unexpected: upward.filter((e) => !allowed(e)), mutual, circles: folderCircles(edges) };
}

/** Groups of folders that reach each other (Tarjan's strongly connected components of more than one folder). */
function folderCircles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  let n = 0;
  const visit = (v) => {
    index.set(v, n);
    low.set(v, n++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) out.push(group.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const file = process.argv[2];
  const graph = file ? JSON.parse(fs.readFileSync(file, "utf8")) : cruiseLib();
  const { upward, unexpected, mutual, circles } = measure(graph);
  console.log(`imports up a layer inside lib: ${upward.length} (${upward.length - unexpected.length} listed exceptions)`);
  for (const e of upward) console.log(`  ${e.from} → ${e.to}${unexpected.includes(e) ? "" : " (listed)"}`);
  console.log(`pairs of lib folders importing each other: ${mutual.length}`);
  for (const m of mutual) console.log(`  ${m.pair.join(" ↔ ")}\n    ${m.imports.join("\n    ")}`);
  console.log(`circles between lib folders: ${circles.length}`);
  for (const c of circles) console.log(`  ${c.join(", ")}`);
  process.exitCode = unexpected.length || mutual.length || circles.length ? 1 : 0;
}
