// How modules look in the UI: names people read, and one colour each (timeline lanes, legends).
import { moduleLabel } from "@/lib/domain/module-labels";
import { MODULE_DESCRIPTIONS, MODULE_NAMES, isModuleName } from "@/lib/pipeline/module-names";

export { MODULE_DESCRIPTIONS, MODULE_NAMES, moduleLabel };

export function moduleDescription(module: string): string | undefined {
  return isModuleName(module) ? MODULE_DESCRIPTIONS[module] : undefined;
}

/**
 * Full class strings (Tailwind only sees literal class names). Blocks carry white labels, so
 * their shades keep at least 4.5:1 against white (WCAG AA); `active` rings the block under the playhead.
 */
const COLOURS: Record<string, { block: string; dot: string; active: string }> = {
  shots: { block: "bg-sky-700 hover:bg-sky-800", dot: "bg-sky-500", active: "ring-sky-900" },
  scenes: { block: "bg-indigo-600 hover:bg-indigo-700", dot: "bg-indigo-500", active: "ring-indigo-900" },
  grouped_shots: { block: "bg-cyan-700 hover:bg-cyan-800", dot: "bg-cyan-600", active: "ring-cyan-900" },
  transcription: { block: "bg-emerald-700 hover:bg-emerald-800", dot: "bg-emerald-500", active: "ring-emerald-900" },
  visualelements: { block: "bg-amber-700 hover:bg-amber-800", dot: "bg-amber-500", active: "ring-amber-900" },
  logos: { block: "bg-rose-700 hover:bg-rose-800", dot: "bg-rose-500", active: "ring-rose-900" },
  video_reasoning: { block: "bg-violet-600 hover:bg-violet-700", dot: "bg-violet-500", active: "ring-violet-900" },
};
const FALLBACK = { block: "bg-zinc-600 hover:bg-zinc-700", dot: "bg-zinc-500", active: "ring-zinc-900" };

export function moduleColour(module: string) {
  return COLOURS[module] ?? FALLBACK;
}

/** Lane order on the timeline: structure first, then what is said and seen, then the summary. */
export const LANE_ORDER = ["shots", "scenes", "grouped_shots", "transcription", "visualelements", "logos", "video_reasoning"];

export function sortModules(modules: Iterable<string>): string[] {
  const rank = (m: string) => {
    const i = LANE_ORDER.indexOf(m);
    return i < 0 ? LANE_ORDER.length : i;
  };
  return [...new Set(modules)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
