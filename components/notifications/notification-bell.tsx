"use client";
// The bell in the shell: how many notifications are unread (polled), and a panel listing the
// latest ones (processing finished or failed, system messages). Opening an item marks it read.
import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import { Spinner } from "@/components/ui/spinner";
import {
  useDeleteNotification,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
  useUnreadNotificationCount,
  type Notification,
} from "@/hooks/queries/notifications";
import { errorDetail, isApiClientError } from "@/lib/browser/api-client";
import { formatDateTime, formatRelative } from "@/lib/browser/format";
import { splitNotificationLink } from "./notification-text";

const TYPE_DOT: Record<string, string> = {
  success: "bg-emerald-500",
  error: "bg-red-500",
  info: "bg-accent-500",
};

function Item({ n, onOpen }: { n: Notification; onOpen: () => void }) {
  const markRead = useMarkNotificationRead();
  const remove = useDeleteNotification();
  const unread = n.is_read === 0;
  const { text, href } = splitNotificationLink(n.message);
  return (
    <li className={cn("group relative flex gap-3 px-4 py-3", unread && "bg-accent-50/50")}>
      <span className={cn("mt-1.5 size-2 shrink-0 rounded-full", TYPE_DOT[n.type] ?? "bg-zinc-400")} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className={cn("text-sm text-zinc-900", unread && "font-semibold")}>
          {n.title}
          {unread && <span className="sr-only"> (unread)</span>}
        </p>
        <p className="mt-0.5 text-sm break-words text-zinc-600">{text}</p>
        <p className="mt-1 text-xs text-zinc-500">
          <time dateTime={`${n.created_at}Z`} title={formatDateTime(n.created_at)}>
            {formatRelative(n.created_at)}
          </time>
        </p>
        <div className="mt-1.5 flex gap-3 text-xs">
          {href && (
            <Link
              href={href}
              className="font-medium text-accent-700 hover:underline"
              onClick={() => {
                if (unread) markRead.mutate(n.id);
                onOpen();
              }}
            >
              {n.type === "error" ? "See what happened" : "Open the video"}
            </Link>
          )}
          {unread && (
            <button type="button" className="font-medium text-accent-700 hover:underline" onClick={() => markRead.mutate(n.id)} disabled={markRead.isPending}>
              Mark read
            </button>
          )}
          <button type="button" className="font-medium text-zinc-500 hover:text-red-700 hover:underline" onClick={() => remove.mutate(n.id)} disabled={remove.isPending}>
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}

export function NotificationBell({ className, placement = "below-right" }: { className?: string; placement?: "below-right" | "above-left" }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const unread = useUnreadNotificationCount();
  const list = useNotifications({ enabled: open });
  const readAll = useMarkAllNotificationsRead();
  const count = unread.data?.count ?? 0;

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("pointerdown", onPointer);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  // A server without the notifications API: no bell.
  if (isApiClientError(unread.error, 404)) return null;

  return (
    // `className` places the bell (it must set a position: relative, fixed…); the panel hangs from it.
    <div ref={root} className={className ?? "relative"}>
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={count ? `Notifications, ${count} unread` : "Notifications"}
        className="relative grid size-10 place-items-center rounded-lg text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900"
      >
        <svg className="size-5" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M6 9.5a6 6 0 1 1 12 0c0 4.5 2 6 2 6H4s2-1.5 2-6Zm4 9a2 2 0 0 0 4 0" />
        </svg>
        {count > 0 && (
          <span className="absolute top-1 right-1 grid h-4 min-w-4 place-items-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white" aria-hidden="true">
            {count > 99 ? "99+" : count}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label="Notifications"
          className={cn(
            "fixed inset-x-2 top-16 z-40 max-h-[min(32rem,calc(100dvh-5rem))] overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:w-96",
            placement === "below-right" ? "sm:top-12 sm:right-0" : "sm:top-auto sm:bottom-12 sm:left-0",
          )}
        >
          <div className="flex items-center justify-between border-b border-zinc-100 px-4 py-3">
            <h2 className="text-sm font-semibold text-zinc-900">Notifications</h2>
            <button
              type="button"
              className="text-xs font-medium text-accent-700 hover:underline disabled:text-zinc-400 disabled:no-underline"
              disabled={count === 0 || readAll.isPending}
              onClick={() => readAll.mutate()}
            >
              Mark all read
            </button>
          </div>
          <div className="max-h-[min(28rem,calc(100dvh-9rem))] overflow-y-auto">
            {list.isPending ? (
              <div className="flex items-center justify-center gap-2 py-8 text-sm text-zinc-500" role="status">
                <Spinner className="size-4" /> Loading…
              </div>
            ) : list.isError ? (
              <p className="px-4 py-6 text-sm text-red-700">{errorDetail(list.error)}</p>
            ) : list.data.length === 0 ? (
              <p className="px-4 py-8 text-center text-sm text-zinc-500">No notifications yet. You will hear here when a video finishes processing.</p>
            ) : (
              <ul className="divide-y divide-zinc-100">
                {list.data.map((n) => (
                  <Item key={n.id} n={n} onOpen={() => setOpen(false)} />
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
