"use client";
// The run's thumbnail (a signed, no-auth URL), or a film icon until a run has made one.
import { useState } from "react";
import { cn } from "@/components/ui/cn";
import { toThisOrigin } from "@/lib/browser/upload";

export function VideoThumbnail({ url, className }: { url?: string | null; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const show = url && failed !== url;
  return (
    <span className={cn("relative grid shrink-0 place-items-center overflow-hidden rounded-md bg-zinc-100 text-zinc-400", className)}>
      {show ? (
        // eslint-disable-next-line @next/next/no-img-element -- signed redirects to storage: next/image would try to optimise (and cache) them
        <img src={toThisOrigin(url)} alt="" loading="lazy" className="absolute inset-0 size-full object-cover" onError={() => setFailed(url)} />
      ) : (
        <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
          <rect x="3.5" y="5.5" width="17" height="13" rx="2" />
          <path d="m10 9.5 4.5 2.5-4.5 2.5v-5Z" fill="currentColor" />
        </svg>
      )}
    </span>
  );
}
