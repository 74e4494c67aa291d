// The house's floors as import rules, checked by `npm run lint` (dependency-cruiser):
//   lib/core (imports nothing of the project) → lib/env (the configuration) → db → the rest of lib → app, components, hooks,
//   server/ (the server process's start-up and shutdown, beside instrumentation.ts).
// Inside lib, the floors of LIB_LAYERS below (README, "Layers inside lib"). An import points
// down or sideways, never up, and never in a circle. Browser code (components, hooks,
// lib/browser, app files marked "use client") never reaches a module that imports
// "server-only" or a Node built-in; type-only imports are erased and allowed.
const fs = require("node:fs");
const path = require("node:path");

/** app/ files that run in the browser: those that start with the "use client" directive. */
function clientAppFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...clientAppFiles(p));
    else if (/\.tsx?$/.test(entry.name) && /^\s*["']use client["']/.test(fs.readFileSync(p, "utf8"))) out.push(p);
  }
  return out;
}
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const BROWSER = ["^components/", "^hooks/", "^lib/browser/", ...clientAppFiles("app").map((f) => `^${escape(f)}$`)];
// For .dependency-cruiser.browser.cjs; not enumerable, so the configuration check does not see it.
Object.defineProperty(module.exports, "BROWSER", { value: BROWSER, enumerable: false });

// lib's layers, bottom to top: every file of lib is in exactly one (tests/unit/lib-layers.test.ts
// checks it). A file imports its own layer and those below, never one above. The module
// definitions in lib/pipeline/modules (everything but the run.ts files and runs.generated.ts: names, labels,
// the registry) are browser-safe words, a service; the module runs are the pipeline's.
const MODULE_WORDS = "^lib/pipeline/modules/(?![^/]+/run\\.ts$|runs\\.generated\\.ts$)";
const LIB_LAYERS = [
  { name: "core", comment: "primitives and shared words; imports nothing of the project", path: "^lib/core/" },
  {
    name: "services",
    comment: "one concern each, no feature's rules: configuration, logging, metrics, schemas, storage, media, models, analysis, auth, jobs",
    path: `^lib/(env|log|metrics|schemas|client|storage|media|ai|analysis|auth|jobs)/|^lib/config\\.ts$|${MODULE_WORDS}`,
  },
  {
    name: "features",
    comment: "operations on the resources (videos, results, clips, chat, …), built on the services",
    path: "^lib/(videos|results|chapters|people|playback|segments|shares|clips|imports|search|chat|webhooks|notifications|usage|projects|users|dashboard)/",
  },
  {
    name: "pipeline",
    comment: "the run engine: steps, engines, the module runs; drives the features' pieces",
    path: "^lib/pipeline/(?!modules/)|^lib/pipeline/modules/([^/]+/run|runs\\.generated)\\.ts$",
  },
  {
    name: "server",
    comment: "what answers requests and people over everything below: the handler wrapper, MCP, CLI, OpenAPI, health, the browser's code",
    path: "^lib/(api|mcp|cli|openapi|health|browser|enterprise)/",
  },
];
// The imports allowed to point up a layer, each with its reason (at most 5; keep it short).
const LIB_UPWARD_EXCEPTIONS = [
  {
    from: "lib/videos/queue-processing.ts",
    to: "lib/pipeline/engine.ts",
    reason: "queueing a run wakes the engine that runs it (Inngest's client is the engine's, and it fails the run through the pipeline's finalizer)",
  },
  {
    from: "lib/segments/refresh-summary.ts",
    to: "lib/pipeline/modules/video-reasoning/run.ts",
    reason: "a corrected transcript refreshes the summary the module's own offline way, not a second copy of it",
  },
];
Object.defineProperty(module.exports, "LIB_LAYERS", { value: LIB_LAYERS, enumerable: false });
Object.defineProperty(module.exports, "LIB_UPWARD_EXCEPTIONS", { value: LIB_UPWARD_EXCEPTIONS, enumerable: false });

const exceptionFiles = LIB_UPWARD_EXCEPTIONS.map((e) => `^${escape(e.from)}$`);
const layerRules = LIB_LAYERS.slice(0, -1).flatMap((layer, i) => {
  const above = LIB_LAYERS.slice(i + 1).map((l) => `(?:${l.path})`).join("|");
  const rule = {
    name: `lib-${layer.name}-never-imports-up`,
    severity: "error",
    comment: `lib's ${layer.name} layer (${layer.comment}) imports only itself and the layers below it (README, "Layers inside lib").`,
    from: { path: layer.path, pathNot: exceptionFiles },
    to: { path: above },
  };
  const exceptions = LIB_UPWARD_EXCEPTIONS.filter((e) => new RegExp(layer.path).test(e.from)).map((e) => ({
    name: `lib-${layer.name}-never-imports-up`,
    severity: "error",
    comment: `${e.from} may import ${e.to} alone from above its layer: ${e.reason}.`,
    from: { path: `^${escape(e.from)}$` },
    to: { path: above, pathNot: `^${escape(e.to)}$` },
  }));
  return [rule, ...exceptions];
});

Object.assign(module.exports, {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import circle: split the shared piece into a file both sides import.",
      from: {},
      to: { circular: true },
    },
    {
      name: "core-imports-nothing",
      severity: "error",
      comment: "lib/core is the bottom floor: it imports only itself (and packages, Node built-ins).",
      from: { path: "^lib/core/" },
      to: { path: "^(?!lib/core/|node_modules/)", dependencyTypesNot: ["core"] },
    },
    {
      name: "env-imports-only-core",
      severity: "error",
      comment: "lib/env (the configuration, read by every floor) sits on lib/core only.",
      from: { path: "^lib/env/" },
      to: { path: "^(?!lib/env/|lib/core/|node_modules/)", dependencyTypesNot: ["core"] },
    },
    {
      name: "db-imports-only-core",
      severity: "error",
      comment: "db sits on lib/core and lib/env only; anything else in lib builds on db, not under it.",
      from: { path: "^db/" },
      to: { path: "^(?!db/|lib/core/|lib/env/|node_modules/)", dependencyTypesNot: ["core"] },
    },
    {
      name: "lib-never-imports-the-top",
      severity: "error",
      comment: "lib is below the pages, components, hooks and the server process's start-up.",
      from: { path: "^(lib|db)/" },
      to: { path: "^(app|components|hooks|server|inngest)/|^instrumentation\\.ts$|^proxy\\.ts$" },
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(\\.next|data|tmp|node_modules/\\.cache)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
    skipAnalysisNotInRules: true,
  },
});
