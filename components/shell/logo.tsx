import { cn } from "@/components/ui/cn";

/** The product mark and name. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2 font-semibold tracking-tight text-zinc-900", className)}>
      <span className="grid size-7 place-items-center rounded-lg bg-accent-600 text-white shadow-sm" aria-hidden="true">
        <svg viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <path d="M6.5 4.8v10.4a.8.8 0 0 0 1.22.68l8.3-5.2a.8.8 0 0 0 0-1.36l-8.3-5.2a.8.8 0 0 0-1.22.68Z" />
        </svg>
      </span>
      <span className="whitespace-nowrap">Video Analysis</span>
    </span>
  );
}
