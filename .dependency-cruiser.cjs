// The house's floors as import rules, checked by `npm run lint` (dependency-cruiser):
//   lib/core (imports nothing of the project) → lib/env (the configuration) → db → lib/<capability> → app, components, hooks,
//   server/ (the server process's start-up and shutdown, beside instrumentation.ts).
// An import points down or sideways, never up, and never in a circle. Browser code (components,
// hooks, lib/browser, app files marked "use client") never reaches a module that imports
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
