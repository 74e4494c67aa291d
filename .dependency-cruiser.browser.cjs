// The browser's side of the floors, checked by `npm run lint` after .dependency-cruiser.cjs:
// browser code (components, hooks, lib/browser, app files marked "use client") never reaches,
// even through other files, a module that imports "server-only" (db/client, the storage driver,
// the pipeline runner, …) nor a Node built-in. Only imports that survive compilation count here
// (type-only imports are erased), hence a second pass with tsPreCompilationDeps off.
const { builtinModules } = require("node:module");
const base = require("./.dependency-cruiser.cjs");

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const NODE_BUILTIN = `^(node:)?(${builtinModules.map(escape).join("|")})$`;

module.exports = {
  forbidden: [
    {
      name: "browser-never-reaches-server-only",
      severity: "error",
      comment: 'Browser code must not (even indirectly) import a module marked `import "server-only"`.',
      from: { path: base.BROWSER },
      to: { path: "^node_modules/server-only/", reachable: true },
    },
    {
      name: "browser-never-reaches-node",
      severity: "error",
      comment: "Browser code must not (even indirectly) import a Node built-in.",
      from: { path: base.BROWSER },
      to: { path: NODE_BUILTIN, reachable: true },
    },
  ],
  options: { ...base.options, tsPreCompilationDeps: false },
};
