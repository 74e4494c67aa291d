// How modules look in the UI: names people read, and one colour each (timeline lanes, legends).
import { MODULE_DESCRIPTIONS, MODULE_NAMES, isModuleName } from "@/lib/pipeline/module-names";

export { MODULE_DESCRIPTIONS, MODULE_NAMES };

const LABELS: Record<string, string> = {
  transcription: "Transcription",
  visualelements: "Visual elements",
  scenes: "Scenes",
  shots: "Shots",
  grouped_shots: "Grouped shots",
  logos: "Logos",
  video_reasoning: "Video reasoning",
};

export function moduleLabel(module: string): string {
  return LABELS[module] ?? module.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
}

export function moduleDescription(module: string): string | undefined {
  return isModuleName(module) ? MODULE_DESCRIPTIONS[module] : undefined;
}

/** Full class strings (Tailwind only sees literal class names). */
const COLOURS: Record<string, { block: string; dot: string; active: string }> = {
  shots: { block: "bg-sky-500 hover:bg-sky-600", dot: "bg-sky-500", active: "ring-sky-700" },
  scenes: { block: "bg-indigo-500 hover:bg-indigo-600", dot: "bg-indigo-500", active: "ring-indigo-700" },
  grouped_shots: { block: "bg-cyan-600 hover:bg-cyan-700", dot: "bg-cyan-600", active: "ring-cyan-800" },
  transcription: { block: "bg-emerald-500 hover:bg-emerald-600", dot: "bg-emerald-500", active: "ring-emerald-700" },
  visualelements: { block: "bg-amber-500 hover:bg-amber-600", dot: "bg-amber-500", active: "ring-amber-700" },
  logos: { block: "bg-rose-500 hover:bg-rose-600", dot: "bg-rose-500", active: "ring-rose-700" },
  video_reasoning: { block: "bg-violet-500 hover:bg-violet-600", dot: "bg-violet-500", active: "ring-violet-700" },
};
const FALLBACK = { block: "bg-zinc-500 hover:bg-zinc-600", dot: "bg-zinc-500", active: "ring-zinc-700" };

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
