"use client";
// An endpoint's deliveries, newest first: event, outcome, response code, attempts and time (phones:
// event, outcome, response and time); a row opens to show each attempt and the JSON body sent.
import { Fragment, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { QueryView } from "@/components/ui/query-view";
import { EmptyState } from "@/components/ui/empty-state";
import { useWebhookDeliveries } from "@/hooks/queries/webhooks";
import { formatDateTime, formatRelative } from "@/lib/browser/format";
import type { WebhookDelivery } from "@/lib/browser/types";
import { deliveryFailureInWords } from "@/lib/webhooks/failure-words";

function StatusBadge({ status }: { status: WebhookDelivery["status"] }) {
  if (status === "delivered") return <Badge tone="green">Delivered</Badge>;
  if (status === "failed") return <Badge className="bg-red-50 text-red-700 ring-red-600/20">Failed</Badge>;
  return <Badge tone="amber">Pending</Badge>;
}

/** Why an attempt failed, in words ("The address could not be found…"). */
function FailureWords({ error, status }: { error: string | null; status: number | null }) {
  const words = deliveryFailureInWords(error, status);
  // The recorded text (the API's `error`) on hover, for whoever wants the technical form.
  return words ? <span className="text-red-700" title={error ?? undefined}>{words}</span> : null;
}

function When({ value }: { value: string }) {
  return (
    <time dateTime={`${value}Z`} title={formatDateTime(value)}>
      {formatRelative(value)}
    </time>
  );
}

function Details({ d }: { d: WebhookDelivery }) {
  return (
    <div className="space-y-3 px-4 py-3">
      <p className="text-xs text-zinc-500">
        Delivery <span className="font-mono">{d.id}</span> (its webhook-id header)
        {d.status === "pending" && d.next_attempt_at && (
          <>
            {" · "}next attempt <When value={d.next_attempt_at} />
          </>
        )}
      </p>
      {d.attempt_log.length > 0 && (
        <ol className="space-y-1 text-xs text-zinc-700">
          {d.attempt_log.map((a) => (
            <li key={a.attempt}>
              Attempt {a.attempt}: {a.response_status != null ? `answered ${a.response_status}` : "no answer"} after {a.duration_ms} ms
              {(a.error || (a.response_status != null && (a.response_status < 200 || a.response_status >= 300))) && (
                <>
                  {" — "}
                  <FailureWords error={a.error} status={a.response_status} />
                </>
              )}
            </li>
          ))}
        </ol>
      )}
      <pre className="max-h-72 overflow-auto rounded-lg bg-zinc-900 p-3 font-mono text-xs text-zinc-100">
        {JSON.stringify(d.payload, null, 2)}
      </pre>
    </div>
  );
}

export function DeliveryLog({ webhookId }: { webhookId: string }) {
  const deliveries = useWebhookDeliveries(webhookId);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <QueryView
      query={deliveries}
      loadingLabel="Loading deliveries…"
      errorTitle="Could not load the delivery log"
      empty={<EmptyState compact text="No deliveries yet. Send a test event, or process a video." />}
    >
      {(rows) => (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="delivery-log">
            <caption className="sr-only">Deliveries, newest first</caption>
            <thead className="bg-zinc-50 text-xs font-medium tracking-wide text-zinc-500 uppercase">
              <tr>
                <th scope="col" className="px-4 py-2">Event</th>
                <th scope="col" className="px-4 py-2">Status</th>
                <th scope="col" className="px-4 py-2">Response</th>
                <th scope="col" className="hidden px-4 py-2 sm:table-cell">Attempts</th>
                <th scope="col" className="hidden px-4 py-2 sm:table-cell">Duration</th>
                <th scope="col" className="px-4 py-2">Created</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {rows.map((d) => (
                <Fragment key={d.id}>
                  <tr data-delivery-event={d.event_type} data-delivery-status={d.status}>
                    <th scope="row" className="px-4 py-2 font-normal">
                      <button
                        type="button"
                        className="font-mono text-xs text-accent-700 hover:underline"
                        aria-expanded={open === d.id}
                        onClick={() => setOpen(open === d.id ? null : d.id)}
                      >
                        {d.event_type}
                      </button>
                    </th>
                    <td className="px-4 py-2"><StatusBadge status={d.status} /></td>
                    <td className="px-4 py-2 text-xs text-zinc-700">
                      {d.status === "delivered" ? <span className="font-mono">{d.response_status}</span> : <FailureWords error={d.error} status={d.response_status} />}
                    </td>
                    <td className="hidden px-4 py-2 text-zinc-700 sm:table-cell">{d.attempts}</td>
                    <td className="hidden px-4 py-2 whitespace-nowrap text-zinc-700 sm:table-cell">{d.duration_ms != null ? `${d.duration_ms} ms` : ""}</td>
                    <td className="px-4 py-2 whitespace-nowrap text-zinc-600"><When value={d.created_at} /></td>
                  </tr>
                  {open === d.id && (
                    <tr>
                      <td colSpan={6} className="bg-zinc-50/60">
                        <Details d={d} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </QueryView>
  );
}
