// The analysis modules a user can select, and what each builds on. The pipeline runs a
// selection's prerequisites too, but keeps only the selected modules' segments.
export const MODULE_NAMES = [
  "transcription",
  "visualelements",
  "scenes",
  "shots",
  "grouped_shots",
  "logos",
  "video_reasoning",
] as const;

export type ModuleName = (typeof MODULE_NAMES)[number];

export const MODULE_DEPENDENCIES: Record<ModuleName, ModuleName[]> = {
  shots: [],
  transcription: [],
  scenes: ["shots", "transcription"],
  grouped_shots: ["shots"],
  visualelements: ["shots"],
  logos: ["visualelements"],
  video_reasoning: ["shots", "scenes", "transcription"],
};

export const MODULE_DESCRIPTIONS: Record<ModuleName, string> = {
  transcription: "What is said: subtitle tracks, or speech-to-text with a configured model",
  visualelements: "Per shot: colours, brightness, motion and on-screen text (OCR)",
  scenes: "Consecutive shots merged into scenes",
  shots: "Shot boundaries: cuts, dissolves and fades",
  grouped_shots: "Shots of the same set-up grouped across the video",
  logos: "Brands seen on screen",
  video_reasoning: "Summary, chapters and key moments",
};

export function isModuleName(x: string): x is ModuleName {
  return (MODULE_NAMES as readonly string[]).includes(x);
}

/** The selection plus everything it builds on, in an order where prerequisites come first. */
export function executionOrder(selected: readonly ModuleName[]): ModuleName[] {
  const order: ModuleName[] = [];
  const visit = (m: ModuleName) => {
    if (order.includes(m)) return;
    for (const d of MODULE_DEPENDENCIES[m]) visit(d);
    order.push(m);
  };
  for (const m of MODULE_NAMES) if (selected.includes(m)) visit(m);
  return order;
}
