"use client";
// A link that opens this video's report without signing in, and revoking it. The active link is
// read from the server, so after a reload the page says the video is public rather than offering
// a "new" link.
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { useActiveShare, useCreateShare, useRevokeShare } from "@/hooks/queries/segments";
import { useOrigin } from "@/hooks/use-origin";
import { errorDetail, isApiClientError } from "@/lib/browser/api-client";
import { formatDateTime } from "@/lib/browser/format";

/** `shared`: the video's own word on whether it has a share link (undefined: not said, so ask). */
export function SharePanel({ jobId, shared }: { jobId: string; shared?: boolean }) {
  const inputId = useId();
  const create = useCreateShare();
  const revoke = useRevokeShare();
  const active = useActiveShare(jobId, { known: shared });
  const hash = active.data?.share_hash ?? null;
  const [confirming, setConfirming] = useState(false);
  const origin = useOrigin();

  // A server without the share API answers the catch-all 404 "Not found": say so plainly.
  if (isApiClientError(create.error, 404) && create.error.detail === "Not found") return null;

  const url = hash ? `${origin}/share/${hash}` : "";
  return (
    <Card aria-labelledby="share-heading">
      <CardHeader title="Share" titleId="share-heading" description="Anyone with the link can view this report and play the video, without signing in." />
      <div className="space-y-3 px-5 py-4">
        {active.isPending ? (
          <p className="text-sm text-zinc-500" role="status">Checking for a share link…</p>
        ) : active.isError ? (
          <Alert tone="error">{errorDetail(active.error)}</Alert>
        ) : hash ? (
          <>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-zinc-700" data-testid="share-status">
              <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200 ring-inset">
                <span className="size-1.5 rounded-full bg-emerald-600" aria-hidden="true" />
                Public
              </span>
              <span>
                Shared {active.data?.created_at ? formatDateTime(active.data.created_at) : ""} · no expiry: the link works until you revoke it.
              </span>
            </p>
            <label htmlFor={inputId} className="sr-only">
              Share link
            </label>
            <div className="flex gap-2">
              <input
                id={inputId}
                readOnly
                value={url}
                onFocus={(e) => e.currentTarget.select()}
                className="h-8 min-w-0 flex-1 rounded-lg border-0 bg-zinc-50 px-2.5 font-mono text-xs text-zinc-700 ring-1 ring-zinc-200 ring-inset"
                data-testid="share-url"
              />
              <CopyButton text={url} accessibleLabel="Copy the share link" />
            </div>
            <div className="flex flex-wrap gap-2">
              <a href={url} target="_blank" rel="noreferrer" className="inline-flex h-8 items-center rounded-lg px-2.5 text-sm font-medium text-accent-700 hover:bg-accent-50">
                Open shared page
              </a>
              <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setConfirming(true)}>
                Revoke link
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className="text-sm text-zinc-600" data-testid="share-status">Private: only you can see this report.</p>
            <Button size="sm" variant="secondary" busy={create.isPending} onClick={() => create.mutate(jobId)}>
              Get share link
            </Button>
          </>
        )}
        {create.error && <Alert tone="error">{errorDetail(create.error)}</Alert>}
        {revoke.isSuccess && !hash && <p className="text-xs text-zinc-500" role="status">The link was revoked; it no longer opens the report.</p>}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Revoke the share link?"
        confirmLabel="Revoke link"
        busy={revoke.isPending}
        error={revoke.error}
        onCancel={() => {
          revoke.reset();
          setConfirming(false);
        }}
        onConfirm={() =>
          revoke.mutate(jobId, {
            onSuccess: () => {
              setConfirming(false);
              create.reset();
            },
          })
        }
      >
        People who have the link will no longer be able to open the report. You can create a new link later (it will be a different one).
      </ConfirmDialog>
    </Card>
  );
}
