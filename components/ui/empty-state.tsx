// What a list shows when it has nothing: a centred title, a line of text and what to do next.
import type { ReactNode } from "react";
import { cn } from "./cn";

export function EmptyState({
  icon,
  title,
  titleTestId,
  text,
  narrow,
  action,
  inset,
  compact,
}: {
  /** Above the title; its own classes size, colour and space it. */
  icon?: ReactNode;
  title?: ReactNode;
  titleTestId?: string;
  text?: ReactNode;
  /** Keeps a long text to a readable width. */
  narrow?: boolean;
  /** Buttons or links, in a centred row under the text. */
  action?: ReactNode;
  /** Inside a card: no dashed box of its own. */
  inset?: boolean;
  /** A one-line box: less padding. */
  compact?: boolean;
}) {
  return (
    <div
      className={cn(
        "px-4 text-center",
        inset ? "py-10" : "rounded-xl border border-dashed border-zinc-300 bg-white",
        !inset && (compact ? "py-8" : "py-12"),
      )}
    >
      {icon}
      {title && (
        <p className="text-sm font-medium text-zinc-900" data-testid={titleTestId}>
          {title}
        </p>
      )}
      {text && <p className={cn("text-sm text-zinc-500", !!title && "mt-1", narrow && "mx-auto max-w-md")}>{text}</p>}
      {action && <div className={cn("flex flex-wrap justify-center gap-2", text ? "mt-4" : "mt-3")}>{action}</div>}
    </div>
  );
}
