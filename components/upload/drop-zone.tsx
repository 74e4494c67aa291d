"use client";
// Where files come in: drag and drop (one or many) or the system file picker.
import { useEffect, useId, useRef, useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { SUPPORTED_EXTENSIONS } from "@/lib/browser/upload";

export function DropZone({
  onFiles,
  compact,
  prompt,
}: {
  onFiles: (files: File[]) => void;
  compact?: boolean;
  /** The line shown while nothing is dragged over. */
  prompt?: string;
}) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const depth = useRef(0);

  // A file dropped next to the zone must not make the browser navigate away to play it.
  useEffect(() => {
    const stop = (e: DragEvent) => {
      if (e.dataTransfer?.types.includes("Files")) e.preventDefault();
    };
    window.addEventListener("dragover", stop);
    window.addEventListener("drop", stop);
    return () => {
      window.removeEventListener("dragover", stop);
      window.removeEventListener("drop", stop);
    };
  }, []);

  return (
    <div
      data-testid="drop-zone"
      onDragEnter={(e) => {
        if (!e.dataTransfer.types.includes("Files")) return;
        e.preventDefault();
        depth.current++;
        setOver(true);
      }}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes("Files")) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = "copy";
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(e) => {
        e.preventDefault();
        depth.current = 0;
        setOver(false);
        const files = Array.from(e.dataTransfer.files);
        if (files.length) onFiles(files);
      }}
      className={cn(
        "relative flex flex-col items-center justify-center rounded-xl border-2 border-dashed text-center transition-colors",
        compact ? "px-4 py-5" : "px-6 py-10 sm:py-14",
        over ? "border-accent-500 bg-accent-50" : "border-zinc-300 bg-white",
      )}
    >
      <svg
        className={cn("text-zinc-400", compact ? "size-7" : "size-10", over && "text-accent-600")}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M12 15.5V4m0 0L7.5 8.5M12 4l4.5 4.5M4.5 15v3a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2v-3" />
      </svg>
      {/* Touch screens cannot drag files in: there the button is the only way, so no "drop here … or". */}
      <p className={cn("mt-3 font-medium text-zinc-900 pointer-coarse:hidden", compact ? "text-sm" : "text-base")}>
        {over ? "Drop to add" : (prompt ?? (compact ? "Drop more videos here" : "Drag videos here"))}
      </p>
      <p className="mt-1 text-sm text-zinc-500 pointer-coarse:hidden">or</p>
      <label htmlFor={inputId} className={cn(buttonClasses("secondary", compact ? "sm" : "md"), "mt-2 cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-accent-600")}>
        Choose files
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={[...SUPPORTED_EXTENSIONS, "video/*"].join(",")}
          aria-describedby={hintId}
          className="sr-only"
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            if (files.length) onFiles(files);
            e.target.value = "";
          }}
        />
      </label>
      <p id={hintId} className="mt-3 max-w-md text-xs text-zinc-500">
        Up to 4 GB each. {SUPPORTED_EXTENSIONS.map((x) => x.slice(1).toUpperCase()).join(", ")}.
      </p>
    </div>
  );
}
