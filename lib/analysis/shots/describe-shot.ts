// Shots in words, for segment content: "Shot 4 · 3.2 s · cut in · dark, low motion, mostly blue".
import type { Shot, TransitionKind } from "./types";
import { item } from "@/lib/core/item";

const IN_WORDS: Record<TransitionKind, string> = {
  start: "opens the video",
  cut: "cut in",
  dissolve: "dissolve in",
  fade_in: "fade in",
  fade_out: "after a fade out",
  wipe: "wipe in",
  end: "cut in",
};

const COLOURS: [string, number, number, number][] = [
  ["red", 200, 40, 40],
  ["orange", 230, 130, 30],
  ["yellow", 220, 210, 50],
  ["green", 50, 160, 60],
  ["teal", 40, 150, 150],
  ["blue", 40, 80, 200],
  ["purple", 130, 60, 170],
  ["pink", 230, 120, 180],
  ["brown", 120, 80, 40],
];

/** A rough colour name for "#rrggbb", or null when the colour is grey-ish. */
export function colourName(hex: string | undefined): string | null {
  if (!hex || !/^#[0-9a-f]{6}$/i.test(hex)) return null;
  const r = parseInt(hex.slice(1, 3), 16);
  const g = parseInt(hex.slice(3, 5), 16);
  const b = parseInt(hex.slice(5, 7), 16);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max < 40) return "black";
  if (max - min < 30) return max > 200 ? "white" : "grey";
  let best = item(COLOURS, 0)[0];
  let bestD = Infinity;
  for (const [name, cr, cg, cb] of COLOURS) {
    // Compare chromaticity so dark and bright versions of a hue get the same name.
    const d = Math.abs(r / max - cr / Math.max(cr, cg, cb)) + Math.abs(g / max - cg / Math.max(cr, cg, cb)) + Math.abs(b / max - cb / Math.max(cr, cg, cb));
    if (d < bestD) {
      bestD = d;
      best = name;
    }
  }
  return best;
}

export function describeShot(shot: Shot): string {
  const seconds = Math.max(0, shot.end - shot.start);
  const light = shot.meanLuma < 0.2 ? "dark" : shot.meanLuma > 0.7 ? "bright" : null;
  const motion =
    shot.motion < 0.12 ? "static" : shot.motion < 0.35 ? "low motion" : shot.motion < 0.65 ? "moderate motion" : "high motion";
  const colour = colourName(shot.dominantColor);
  const look = [light, motion, colour && colour !== "black" ? `mostly ${colour}` : null].filter(Boolean).join(", ");
  const parts = [`Shot ${shot.index + 1}`, `${seconds.toFixed(1)} s`, IN_WORDS[shot.startsWith]];
  if (shot.endsWith === "fade_out") parts.push("fades out");
  parts.push(look);
  return parts.join(" · ");
}
