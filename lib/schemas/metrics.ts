import { defineEndpoint } from "@/lib/api/contract";

export const metricsApi = {
  get: defineEndpoint({
    method: "GET",
    path: "/metrics",
    tag: "Health",
    summary: "Prometheus metrics (text format): requests, runs and queue, module durations, model restarts, webhooks, refusals, stored bytes",
    description: [
      "For an operator's Prometheus, not for users. With `METRICS_TOKEN` set, send `Authorization: Bearer <METRICS_TOKEN>`;",
      "without it only loopback clients are served. `va_http_requests_total` and `va_http_request_duration_seconds` (route pattern,",
      "method, status), `va_rate_limit_refusals_total`, `va_module_duration_seconds`, `va_model_process_restarts_total`,",
      "`va_webhook_deliveries_total` (outcome) count what this process did; `va_runs` (state), `va_run_queue_depth`,",
      "`va_run_queue_oldest_age_seconds` and `va_stored_bytes` are read from the database at each scrape, the same from every process.",
    ].join(" "),
    auth: "none",
    produces: "text/plain; version=0.0.4",
    otherResponses: {
      "401": { description: "`METRICS_TOKEN` is set and the request does not carry it as a bearer token" },
      "403": { description: "`METRICS_TOKEN` is not set and the client is not on loopback" },
    },
  }),
};
