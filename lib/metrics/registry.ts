// The process's Prometheus metrics (prom-client), one registry per process: Next builds route
// handlers, instrumentation and the runner as separate bundles, so the registry and its metrics live
// on globalThis (processSingleton) and every bundle counts into the same ones. This process's
// counters and histograms are fed where things happen (the API wrapper, the model processes, the
// webhook dispatcher); the runs, queue and stored bytes are read from the database at scrape time,
// and so are the module and run durations, which any process records there (install-histograms.ts). This file imports nothing of the app but the singleton helper, so anything may count.
import client from "prom-client";
import { processSingleton } from "@/lib/core/process-singleton";

function createMetrics() {
  const registry = new client.Registry();
  const registers = [registry];
  client.collectDefaultMetrics({ register: registry });

  const httpRequests = new client.Counter({
    name: "va_http_requests_total",
    help: "API requests answered, by route pattern, method and status",
    labelNames: ["route", "method", "status"] as const,
    registers,
  });
  const httpDuration = new client.Histogram({
    name: "va_http_request_duration_seconds",
    help: "Time from receiving an API request to its response (headers; a stream's body continues after)",
    labelNames: ["route", "method", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const rateLimitRefusals = new client.Counter({
    name: "va_rate_limit_refusals_total",
    help: "Requests refused with 429 Rate limit exceeded, by route pattern",
    labelNames: ["route"] as const,
    registers,
  });
  const modelProcessRestarts = new client.Counter({
    name: "va_model_process_restarts_total",
    help: "Local model processes started again after theirs had stopped unasked (crash, kill)",
    labelNames: ["process"] as const,
    registers,
  });
  const webhookDeliveries = new client.Counter({
    name: "va_webhook_deliveries_total",
    help: "Webhook delivery attempts by outcome: delivered, retry (will be tried again), failed (gave up)",
    labelNames: ["outcome"] as const,
    registers,
  });

  // Read from the database at scrape time (every process sees the same numbers).
  const runs = new client.Gauge({
    name: "va_runs",
    help: "Processing runs of the whole install by state; a running run whose lease lapsed (handed back by a stopping process, or its process died) counts as queued",
    labelNames: ["state"] as const,
    registers,
  });
  const queueDepth = new client.Gauge({ name: "va_run_queue_depth", help: "Runs waiting to be claimed (queued, handed back, or left by a dead process)", registers });
  const queueAge = new client.Gauge({
    name: "va_run_queue_oldest_age_seconds",
    help: "How long the longest-waiting run has waited (since queued, or since its lease ended; 0 when none waits)",
    registers,
  });
  const storedBytes = new client.Gauge({ name: "va_stored_bytes", help: "Bytes of stored video files, from the videos' records", registers });
  const databaseUp = new client.Gauge({
    name: "va_metrics_database_up",
    help: "1 when the database answered this scrape's queries (the va_runs, queue and stored-bytes values are fresh), else 0",
    registers,
  });

  return {
    registry,
    httpRequests,
    httpDuration,
    rateLimitRefusals,
    modelProcessRestarts,
    webhookDeliveries,
    runs,
    queueDepth,
    queueAge,
    storedBytes,
    databaseUp,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

export function metrics(): Metrics {
  return processSingleton("__vaMetrics", createMetrics);
}
