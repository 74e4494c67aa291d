// A square icon button whose label is its accessible name and its tooltip, for the actions at
// the end of a list row. Delete turns red on hover.
import { cn } from "./cn";

const paths = {
  edit: "M4 20h4L19 9l-4-4L4 16v4Zm9.5-13.5 4 4",
  reprocess: "M20 11a8 8 0 0 0-14.5-4.5M4 4v4h4m-4 5a8 8 0 0 0 14.5 4.5M20 20v-4h-4",
  delete: "M5 7h14m-9 0V4.5h4V7m-7 0 .8 12.5h8.4L17 7",
} as const;

export type IconName = keyof typeof paths;

export function IconButton({ icon, label, onClick }: { icon: IconName; label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className={cn(
        "grid size-9 place-items-center rounded-lg text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900",
        icon === "delete" && "hover:bg-red-50 hover:text-red-700",
      )}
    >
      <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={paths[icon]} />
      </svg>
    </button>
  );
}
