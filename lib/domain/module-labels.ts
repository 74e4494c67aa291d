// The names people read for the analysis modules: the pages, notifications and reports say
// "Visual elements", never `visualelements`. No imports: safe in the browser and on the server.
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

/** "a", "a and b", "a, b and c". */
export function listInWords(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
