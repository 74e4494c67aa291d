// The places that count call these (one line each), so they need not know prom-client.
import { metrics } from "./registry";

/** An API request answered: counted by route pattern (not the raw path), method and status. */
export function observeRequest(route: string, method: string, status: number, startedAt: number): void {
  const m = metrics();
  const labels = { route, method, status: String(status) };
  m.httpRequests.inc(labels);
  m.httpDuration.observe(labels, (performance.now() - startedAt) / 1000);
  if (status === 429) m.rateLimitRefusals.inc({ route });
}

/** Wraps a route handler so every answer it gives is observed under `route` (`/api/videos/{job_id}`). */
export function observed<A extends unknown[]>(route: string, method: string, fn: (...args: A) => Promise<Response>) {
  return async (...args: A): Promise<Response> => {
    const startedAt = performance.now();
    const res = await fn(...args);
    observeRequest(route, method, res.status, startedAt);
    return res;
  };
}

export function observeModuleDuration(module: string, seconds: number): void {
  metrics().moduleDuration.observe({ module }, seconds);
}

export function countModelProcessRestart(processName: string): void {
  metrics().modelProcessRestarts.inc({ process: processName });
}

export function countWebhookDelivery(outcome: "delivered" | "retry" | "failed"): void {
  metrics().webhookDeliveries.inc({ outcome });
}
