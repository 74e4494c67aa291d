// The frame of a video at a moment, cut from its storyboard sprite with CSS (background-image,
// -size and -position from the cue's #xywh tile), letterboxed into a box of any aspect. Without a
// storyboard: the `fallback` (e.g. the video's thumbnail), or nothing. Decorative: whatever
// holds it says what the moment is.
import type { CSSProperties, ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import type { Storyboard } from "@/hooks/queries/storyboard";
import { cueAt } from "@/lib/playback/storyboard-vtt";

/** Background position (%) that puts a tile at `offset` of `size` in a sheet of `sheet` at the box's edge. */
function percent(offset: number, size: number, sheet: number): number {
  return sheet > size ? (offset / (sheet - size)) * 100 : 0;
}

export function MomentThumbnail({
  storyboard,
  time,
  boxAspect,
  className,
  style,
  fallback = null,
}: {
  storyboard: Storyboard | null | undefined;
  /** Seconds. */
  time: number;
  /** Width/height of the box `className` makes; default: the frame's own (the box fits it exactly). */
  boxAspect?: number;
  className?: string;
  style?: CSSProperties;
  fallback?: ReactNode;
}) {
  const cue = storyboard ? cueAt(storyboard.cues, time) : null;
  if (!cue) return <>{fallback}</>;
  const frameAspect = cue.w / cue.h;
  const box = boxAspect ?? frameAspect;
  // Letterboxed: the frame fills the box's width or its height, centred.
  const size =
    frameAspect >= box
      ? { width: "100%", height: `${(box / frameAspect) * 100}%` }
      : { width: `${(frameAspect / box) * 100}%`, height: "100%" };
  return (
    <span
      className={cn("flex shrink-0 items-center justify-center overflow-hidden bg-zinc-900", className)}
      style={style}
      aria-hidden="true"
      data-testid="moment-thumbnail"
      data-time={cue.start}
    >
      <span
        className="block shrink-0 bg-no-repeat"
        style={{
          ...size,
          backgroundImage: `url(${JSON.stringify(cue.url)})`,
          backgroundSize: `${(cue.sheetWidth / cue.w) * 100}% ${(cue.sheetHeight / cue.h) * 100}%`,
          backgroundPosition: `${percent(cue.x, cue.w, cue.sheetWidth)}% ${percent(cue.y, cue.h, cue.sheetHeight)}%`,
        }}
      />
    </span>
  );
}
