// One value per process under a name. Next builds route handlers, instrumentation and the runner
// as separate module graphs, so a module-level `let` can exist once per bundle; state that must be
// shared (the database handle, caches, the runner, listeners) lives on globalThis under a name.
export function processSingleton<T>(name: string, create: () => T): T {
  const g = globalThis as Record<string, unknown>;
  if (!(name in g)) g[name] = create();
  return g[name] as T;
}
