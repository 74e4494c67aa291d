"use client";
// One endpoint: its URL, events and state, the actions (test event, pause/resume, delete) and,
// opened, its delivery log.
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge, KeyStatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDeleteWebhook, useSendTestEvent, useUpdateWebhook } from "@/hooks/queries/webhooks";
import { errorDetail } from "@/lib/browser/api-client";
import type { Webhook } from "@/lib/browser/types";
import { DeliveryLog } from "./delivery-log";

export function WebhookCard({ webhook }: { webhook: Webhook }) {
  const [showLog, setShowLog] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useSendTestEvent();
  const error = update.error ?? test.error;

  return (
    <li className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs" data-webhook-id={webhook.id}>
      <div className="flex flex-wrap items-start justify-between gap-3 p-4">
        <div className="min-w-0 space-y-1.5">
          <p className="font-mono text-sm break-all text-zinc-900">{webhook.url}</p>
          {webhook.description && <p className="text-sm text-zinc-500">{webhook.description}</p>}
          <div className="flex flex-wrap gap-1.5">
            <KeyStatusBadge isActive={webhook.enabled} />
            {webhook.events.length ? (
              webhook.events.map((e) => (
                <Badge key={e} className="font-mono">
                  {e}
                </Badge>
              ))
            ) : (
              <Badge>all events</Badge>
            )}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" variant="secondary" busy={test.isPending} onClick={() => test.mutate(webhook.id, { onSuccess: () => setShowLog(true) })}>
            Send test event
          </Button>
          <Button
            size="sm"
            variant="secondary"
            busy={update.isPending}
            onClick={() => update.mutate({ id: webhook.id, enabled: !webhook.enabled })}
            aria-label={`${webhook.enabled ? "Pause" : "Resume"} ${webhook.url}`}
          >
            {webhook.enabled ? "Pause" : "Resume"}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
            onClick={() => setConfirming(true)}
            aria-label={`Delete ${webhook.url}`}
          >
            Delete
          </Button>
        </div>
      </div>
      {error && (
        <Alert tone="error" className="mx-4 mb-3">
          {errorDetail(error)}
        </Alert>
      )}
      <div className="border-t border-zinc-100">
        <button
          type="button"
          className="w-full px-4 py-2 text-left text-sm font-medium text-accent-700 hover:bg-zinc-50"
          aria-expanded={showLog}
          onClick={() => setShowLog((v) => !v)}
        >
          {showLog ? "Hide deliveries" : "Show deliveries"}
        </button>
        {showLog && <DeliveryLog webhookId={webhook.id} />}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete this endpoint?"
        confirmLabel="Delete endpoint"
        busy={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(webhook.id, { onSuccess: () => setConfirming(false) })}
        onCancel={() => {
          setConfirming(false);
          remove.reset();
        }}
      >
        <p>
          <span className="font-mono break-all text-zinc-800">{webhook.url}</span> stops receiving events at once, and its
          delivery log is deleted. Pending retries are dropped.
        </p>
      </ConfirmDialog>
    </li>
  );
}
