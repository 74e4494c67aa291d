// Runs named tasks as soon as the tasks they depend on have finished, so independent work overlaps
// (the decode pass beside HLS and speech, visual elements beside scenes and grouped shots). After a
// failure nothing new starts; the tasks in flight are awaited and the first error is rethrown,
// so no step writes after the run has been failed.
export interface GraphTask {
  deps: readonly string[];
  run: () => Promise<void>;
}

export async function runTaskGraph(tasks: Record<string, GraphTask>): Promise<void> {
  const names = Object.keys(tasks);
  for (const n of names) {
    for (const d of tasks[n]!.deps) if (!(d in tasks)) throw new Error(`Task ${n} depends on unknown task ${d}`);
  }
  const done = new Set<string>();
  const started = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;

  return new Promise<void>((resolve, reject) => {
    const launch = () => {
      if (!failure) {
        for (const n of names) {
          if (started.has(n) || !tasks[n]!.deps.every((d) => done.has(d))) continue;
          started.add(n);
          const p: Promise<void> = tasks[n]!
            .run()
            .then(
              () => void done.add(n),
              (error) => void (failure ??= { error }),
            )
            .finally(() => {
              inFlight.delete(p);
              launch();
            });
          inFlight.add(p);
        }
      }
      if (inFlight.size) return;
      if (failure) reject(failure.error);
      else if (done.size === names.length) resolve();
      else reject(new Error(`Tasks with unmet dependencies (a cycle?): ${names.filter((n) => !done.has(n)).join(", ")}`));
    };
    launch();
  });
}
