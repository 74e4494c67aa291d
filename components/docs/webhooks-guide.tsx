// The docs page's guide to push and replay: webhook payloads and how to check their signature,
// resumable event streams, and Idempotency-Key. The reference above lists the endpoints.
import { RECEIVER_EXAMPLE } from "@/lib/webhooks/receiver-example";
import { JsonView } from "./json-view";

const completedExample = {
  type: "video.completed",
  timestamp: "2026-11-26T10:15:02.118Z",
  data: {
    job_id: "6f1c2f9e-3b7a-4d52-9a51-2f0f4f1d8c3e",
    name: "launch-keynote.mp4",
    status: "completed",
    segment_counts: { shots: 42, scenes: 9, transcription: 118 },
    total_segments: 169,
    links: {
      app: "https://video.example.com/videos/6f1c2f9e-3b7a-4d52-9a51-2f0f4f1d8c3e",
      status: "https://video.example.com/api/processing/6f1c2f9e-3b7a-4d52-9a51-2f0f4f1d8c3e/status",
      results: "https://video.example.com/api/results/job/6f1c2f9e-3b7a-4d52-9a51-2f0f4f1d8c3e",
      video: "https://video.example.com/api/videos/6f1c2f9e-3b7a-4d52-9a51-2f0f4f1d8c3e",
    },
  },
};

const moduleExample = {
  type: "module_completed",
  timestamp: "2026-11-26T10:14:57.402Z",
  data: { type: "module_completed", job_id: "6f1c2f9e-3b7a-4d52-9a51-2f0f4f1d8c3e", module: "shots", segments: 42 },
};

const headersExample = `POST /your/endpoint HTTP/1.1
content-type: application/json
webhook-id: 0b6e3c3a-5d0e-4d8e-8f0a-8c5f3a3b9e21
webhook-timestamp: 1795695302
webhook-signature: v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=`;

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20 space-y-3">
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight text-zinc-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const code = "rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.85em] text-zinc-800";
const pre = "overflow-x-auto rounded-lg bg-zinc-900 p-3 font-mono text-xs leading-relaxed text-zinc-100";

export function WebhooksGuide() {
  return (
    <div className="mx-auto max-w-7xl space-y-10 px-4 py-10 text-sm text-zinc-700 sm:px-6 lg:px-8">
      <Section id="webhooks" title="Webhooks">
        <p>
          Register an endpoint with <code className={code}>POST /api/webhooks</code> (or on the Webhooks page). We POST
          each event as JSON: the processing stream&apos;s <code className={code}>module_started</code>,{" "}
          <code className={code}>module_progress</code>, <code className={code}>module_completed</code> and{" "}
          <code className={code}>done</code> (their <code className={code}>data</code> is the stream event as is), and{" "}
          <code className={code}>video.completed</code> / <code className={code}>video.failed</code> with segment counts
          and links. Answer 2xx within 10 s; anything else, redirects included, is retried after 5 s, 5 min, 30 min, 2 h,
          5 h, 10 h and 10 h. Loopback, private and link-local addresses are refused.
        </p>
        <div className="grid gap-4 lg:grid-cols-2">
          <div>
            <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">video.completed</h3>
            <JsonView value={completedExample} label="A video.completed payload" />
          </div>
          <div className="space-y-4">
            <div>
              <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">module_completed</h3>
              <JsonView value={moduleExample} label="A module_completed payload" />
            </div>
            <div>
              <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">Headers</h3>
              <pre className={pre} tabIndex={0}>{headersExample}</pre>
            </div>
          </div>
        </div>
        <h3 className="pt-2 text-base font-semibold text-zinc-900">Checking the signature</h3>
        <p>
          Per <a className="font-medium text-accent-700 hover:underline" href="https://www.standardwebhooks.com">Standard Webhooks</a>:{" "}
          <code className={code}>webhook-signature</code> is <code className={code}>v1,</code> + base64 HMAC-SHA256 of{" "}
          <code className={code}>{"{webhook-id}.{webhook-timestamp}.{raw body}"}</code>, keyed with the base64-decoded part
          of your <code className={code}>whsec_</code> secret. <code className={code}>webhook-id</code> stays the same on
          every retry, so use it to handle each event once.
        </p>
        <pre className={pre} tabIndex={0} data-testid="receiver-example">{RECEIVER_EXAMPLE}</pre>
      </Section>
      <Section id="event-stream-resume" title="Resuming the event stream">
        <p>
          Every event of <code className={code}>GET /api/processing/{"{job_id}"}/events</code> carries an{" "}
          <code className={code}>id:</code>. Reconnect with the header <code className={code}>Last-Event-ID</code> set to
          the last id you saw (or <code className={code}>?last_event_id=</code>) and you get only the events you missed.
        </p>
      </Section>
      <Section id="idempotency" title="Idempotency-Key">
        <p>
          POSTs that create or start something accept <code className={code}>Idempotency-Key: &lt;any unique string&gt;</code>.
          Retrying with the same key and the same request within 24 h returns the first response again (same status and
          body, header <code className={code}>Idempotent-Replayed: true</code>) without doing it twice; the same key with a
          different request is <code className={code}>422</code>. Keys are per user.
        </p>
      </Section>
    </div>
  );
}
