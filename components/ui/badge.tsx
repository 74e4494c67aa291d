import type { ReactNode } from "react";
import { cn } from "./cn";

const tones = {
  green: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  gray: "bg-zinc-100 text-zinc-600 ring-zinc-500/20",
  accent: "bg-accent-50 text-accent-700 ring-accent-600/20",
  amber: "bg-amber-50 text-amber-800 ring-amber-600/20",
} as const;

export function Badge({ tone = "gray", children, className }: { tone?: keyof typeof tones; children: ReactNode; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap", tones[tone], className)}>
      {children}
    </span>
  );
}

export function KeyStatusBadge({ isActive }: { isActive: boolean }) {
  return isActive ? (
    <Badge tone="green">
      <span className="size-1.5 rounded-full bg-emerald-500" aria-hidden="true" />
      Active
    </Badge>
  ) : (
    <Badge tone="gray">
      <span className="size-1.5 rounded-full bg-zinc-400" aria-hidden="true" />
      Inactive
    </Badge>
  );
}
