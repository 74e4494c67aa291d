"use client";
// Thumbs up or down on an answer. The pressed state is what the server holds; rating again
// replaces the rating.
import { cn } from "@/components/ui/cn";
import type { Rating } from "@/hooks/queries/chat";

const THUMB = "M7 10v10H4V10h3Zm0 0 4-7c1.4 0 2.5 1.1 2.5 2.5V9h5a2 2 0 0 1 2 2.3l-1.2 7A2 2 0 0 1 17.3 20H7";

function Thumb({ rating, pressed, onClick }: { rating: Rating; pressed: boolean; onClick: () => void }) {
  const label = rating === "up" ? "Helpful" : "Not helpful";
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      title={label}
      onClick={onClick}
      className={cn(
        "grid size-8 place-items-center rounded-lg transition-colors",
        pressed
          ? rating === "up"
            ? "bg-emerald-50 text-emerald-700 ring-1 ring-emerald-600/30 ring-inset"
            : "bg-red-50 text-red-700 ring-1 ring-red-600/30 ring-inset"
          : "text-zinc-400 hover:bg-zinc-100 hover:text-zinc-700",
      )}
    >
      <svg
        viewBox="0 0 24 24"
        className={cn("size-4", rating === "down" && "rotate-180")}
        fill={pressed ? "currentColor" : "none"}
        fillOpacity={pressed ? 0.15 : undefined}
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d={THUMB} />
      </svg>
    </button>
  );
}

export function RatingControl({
  rating,
  onRate,
  error,
}: {
  rating: Rating | null;
  onRate: (rating: Rating) => void;
  error?: string | null;
}) {
  return (
    <div className="flex items-center gap-2">
      {error && (
        <p role="alert" className="text-xs text-red-700">
          Rating not saved: {error}
        </p>
      )}
      <div role="group" aria-label="Rate this answer" className="flex items-center gap-0.5">
        <Thumb rating="up" pressed={rating === "up"} onClick={() => onRate("up")} />
        <Thumb rating="down" pressed={rating === "down"} onClick={() => onRate("down")} />
      </div>
    </div>
  );
}
