import { defineEndpoint } from "@/lib/schemas/contract";

export const metricsApi = {
  get: defineEndpoint({
    method: "GET",
    path: "/metrics",
    tag: "Health",
    summary: "Prometheus metrics (text format): requests, runs and queue, module and run durations, model restarts, webhooks, refusals, stored bytes",
    description: [
      "For an operator's Prometheus, not for users. With `METRICS_TOKEN` set, send `Authorization: Bearer <METRICS_TOKEN>`;",
      "without it only loopback clients are served. `va_http_requests_total` and `va_http_request_duration_seconds` (route pattern,",
      "method, status), `va_rate_limit_refusals_total`, `va_model_process_restarts_total` and",
      "`va_webhook_deliveries_total` (outcome) count what this process did; `va_runs` (state; a run handed back by a stopping",
      "worker, or left by a dead one, counts as queued), `va_run_queue_depth`, `va_run_queue_oldest_age_seconds`, `va_stored_bytes`",
      "and the histograms `va_module_duration_seconds` (module) and `va_run_duration_seconds` (outcome), recorded by whichever",
      "process ran the work, are read from the database at each scrape: the whole install's numbers, the same from every process.",
    ].join(" "),
    auth: "none",
    produces: "text/plain; version=0.0.4",
    otherResponses: {
      "401": { description: "`METRICS_TOKEN` is set and the request does not carry it as a bearer token" },
      "403": { description: "`METRICS_TOKEN` is not set and the client is not on loopback" },
    },
  }),
};
