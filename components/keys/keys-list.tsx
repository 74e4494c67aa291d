"use client";
// The caller's keys: a table on wide screens, a list of cards on phones. Deactivating is one
// click (and reversible); deleting asks first, and so does anything touching the key this
// browser is signed in with.
import { useState } from "react";
import { useAuthState } from "@/components/auth/auth-provider";
import { Alert } from "@/components/ui/alert";
import { Badge, KeyStatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDeleteKey, useSetKeyActive } from "@/hooks/queries/keys";
import { errorDetail } from "@/lib/browser/api-client";
import { formatDate, formatDateTime, formatRelative } from "@/lib/browser/format";
import type { ApiKey } from "@/lib/browser/types";

type Pending = { kind: "delete" | "deactivate"; key: ApiKey } | null;

function LastUsed({ value }: { value: string | null }) {
  if (!value) return <span className="text-zinc-500">Never</span>;
  return (
    <time dateTime={`${value}Z`} title={formatDateTime(value)}>
      {formatRelative(value)}
    </time>
  );
}

function Created({ value }: { value: string }) {
  return (
    <time dateTime={`${value}Z`} title={formatDateTime(value)}>
      {formatDate(value)}
    </time>
  );
}

function KeyName({ apiKey, isCurrent }: { apiKey: ApiKey; isCurrent: boolean }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="font-medium break-all text-zinc-900">{apiKey.name}</span>
      {isCurrent && <Badge tone="accent">This browser</Badge>}
    </span>
  );
}

export function KeysList({ keys }: { keys: ApiKey[] }) {
  const { currentKeyPrefix } = useAuthState();
  const setActive = useSetKeyActive();
  const remove = useDeleteKey();
  const [pending, setPending] = useState<Pending>(null);
  const [rowError, setRowError] = useState<string | null>(null);

  const isCurrent = (k: ApiKey) => currentKeyPrefix !== null && k.key_prefix === currentKeyPrefix;

  function toggle(k: ApiKey) {
    setRowError(null);
    if (k.is_active && isCurrent(k)) {
      setPending({ kind: "deactivate", key: k });
      return;
    }
    setActive.mutate(
      { id: k.id, isActive: !k.is_active },
      { onError: (err) => setRowError(`Could not ${k.is_active ? "deactivate" : "activate"} “${k.name}”: ${errorDetail(err)}`) },
    );
  }

  function confirm() {
    if (!pending) return;
    const { kind, key } = pending;
    const done = { onSuccess: () => setPending(null) };
    if (kind === "delete") remove.mutate(key.id, done);
    else setActive.mutate({ id: key.id, isActive: false }, done);
  }

  function cancel() {
    setPending(null);
    remove.reset();
    setActive.reset();
  }

  const busyId = setActive.isPending ? setActive.variables?.id : null;

  // A plain render function (not a nested component) so rows keep their buttons, and focus, on re-render.
  function renderActions(k: ApiKey) {
    return (
      <div className="flex items-center gap-2 sm:justify-end">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => toggle(k)}
          busy={busyId === k.id && !pending}
          aria-label={`${k.is_active ? "Deactivate" : "Activate"} key ${k.name}`}
        >
          {k.is_active ? "Deactivate" : "Activate"}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          onClick={() => {
            setRowError(null);
            setPending({ kind: "delete", key: k });
          }}
          aria-label={`Delete key ${k.name}`}
        >
          Delete
        </Button>
      </div>
    );
  }

  const confirmError = pending?.kind === "delete" ? remove.error : pending ? setActive.error : null;

  return (
    <>
      {rowError && (
        <Alert tone="error" className="mb-4">
          {rowError}
        </Alert>
      )}

      {/* Wide screens: a table. */}
      <div className="hidden overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Your API keys</caption>
          <thead className="bg-zinc-50 text-xs font-medium tracking-wide text-zinc-500 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">Name</th>
              <th scope="col" className="px-4 py-3">Key</th>
              <th scope="col" className="px-4 py-3">Status</th>
              <th scope="col" className="px-4 py-3">Last used</th>
              <th scope="col" className="px-4 py-3">Created</th>
              <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100">
            {keys.map((k) => (
              <tr key={k.id} data-key-id={k.id} className={k.is_active ? "" : "bg-zinc-50/60"}>
                <th scope="row" className="px-4 py-3 font-normal">
                  <KeyName apiKey={k} isCurrent={isCurrent(k)} />
                </th>
                <td className="px-4 py-3 font-mono text-xs whitespace-nowrap text-zinc-600">{k.key_prefix}</td>
                <td className="px-4 py-3"><KeyStatusBadge isActive={!!k.is_active} /></td>
                <td className="px-4 py-3 whitespace-nowrap text-zinc-600"><LastUsed value={k.last_used_at} /></td>
                <td className="px-4 py-3 whitespace-nowrap text-zinc-600"><Created value={k.created_at} /></td>
                <td className="px-4 py-3">{renderActions(k)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {/* Phones: cards. */}
      <ul className="space-y-3 md:hidden" aria-label="Your API keys">
        {keys.map((k) => (
          <li key={k.id} data-key-id={k.id} className="rounded-xl border border-zinc-200 bg-white p-4 shadow-xs">
            <div className="flex items-start justify-between gap-3">
              <KeyName apiKey={k} isCurrent={isCurrent(k)} />
              <KeyStatusBadge isActive={!!k.is_active} />
            </div>
            <p className="mt-1 font-mono text-xs text-zinc-600">{k.key_prefix}</p>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-xs">
              <div>
                <dt className="text-zinc-500">Last used</dt>
                <dd className="text-zinc-800"><LastUsed value={k.last_used_at} /></dd>
              </div>
              <div>
                <dt className="text-zinc-500">Created</dt>
                <dd className="text-zinc-800"><Created value={k.created_at} /></dd>
              </div>
            </dl>
            <div className="mt-3 border-t border-zinc-100 pt-3">
              {renderActions(k)}
            </div>
          </li>
        ))}
      </ul>

      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === "delete" ? `Delete key “${pending.key.name}”?` : `Deactivate the key you are signed in with?`}
        confirmLabel={pending?.kind === "delete" ? "Delete key" : "Deactivate and sign out"}
        busy={remove.isPending || (setActive.isPending && pending?.kind === "deactivate")}
        error={confirmError}
        onConfirm={confirm}
        onCancel={cancel}
      >
        {pending?.kind === "delete" ? (
          <>
            <p>
              Scripts and services using <span className="font-mono text-zinc-800">{pending.key.key_prefix}</span> will stop
              working immediately. This cannot be undone.
            </p>
            {isCurrent(pending.key) && (
              <p className="mt-2 font-medium text-zinc-800">This browser is signed in with this key: you will be signed out.</p>
            )}
          </>
        ) : pending ? (
          <p>
            This browser is signed in with “{pending.key.name}”. Once it is inactive you will be signed out, and you will need
            another active key to sign in again.
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
