import type { ReactNode } from "react";
import { cn } from "./cn";

const tones = {
  error: "border-red-200 bg-red-50 text-red-800",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
  info: "border-accent-200 bg-accent-50 text-accent-800",
} as const;

/** A message box; errors are announced to screen readers as they appear. */
export function Alert({
  tone = "error",
  title,
  children,
  className,
  action,
}: {
  tone?: keyof typeof tones;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  action?: ReactNode;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn("flex flex-wrap items-start justify-between gap-3 rounded-lg border px-4 py-3 text-sm", tones[tone], className)}
    >
      <div className="min-w-0">
        {title && <p className="font-medium">{title}</p>}
        {children && <div className={title ? "mt-0.5" : undefined}>{children}</div>}
      </div>
      {action}
    </div>
  );
}
