// The answer without a language model: sentences and lists assembled only from stored rows —
// never a word the analysis did not produce. Three parts, each used when it applies:
//   overview  (what is it / how long / how many shots or scenes / which text): the video's
//             duration, segment counts per module, its digest and chapters (video_reasoning);
//   picture   (dark or bright stretches, fades, motion): the shots and visualelements segments
//             found in the visual modules' own words;
//   moments   the segments that best match the question by words and meaning, with their times.
import { formatClock } from "@/lib/core/clock";
import { moduleLabel } from "@/lib/pipeline/modules/registry";
import { clip, type ContextEntry } from "./context";
import { linkedStamp } from "./citations";
import { overviewAsk, type OverviewAsk } from "./intent";
import type { Retrieved, VideoOverview, VideoRef } from "./retrieve";

/** Segments listed as relevant moments. */
const MOMENTS = 8;
/** A segment that shares no keyword with the question is shown only from this similarity on: the
 * sentence encoder's cosines of unrelated short texts reach ~0.4 (measured in tests/api/chat). */
export const MIN_MOMENT_SIMILARITY = 0.5;

function duration(seconds: number): string {
  const t = Math.round(seconds);
  if (t < 60) return `${t} s`;
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const s = t % 60;
  return h ? `${h} h ${m} min ${s} s` : `${m} min ${s} s`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function stampOf(videos: readonly VideoRef[], e: { jobId?: string; start: number }): string {
  if (videos.length === 1) return `[${formatClock(e.start)}]`;
  const v = videos.find((x) => x.jobId === e.jobId);
  return v ? linkedStamp(v, e.start) : `[${formatClock(e.start)}]`;
}

function overviewLines(o: VideoOverview, ask: OverviewAsk, videos: readonly VideoRef[]): { lines: string[]; ids: string[] } {
  const lines: string[] = [];
  const ids: string[] = [];
  const all = ask.summary;
  if (ask.duration || all) lines.push(`It is ${duration(o.duration)} long.`);
  const n = (module: string) => o.counts[module] ?? 0;
  if (ask.shots || all) lines.push(n("shots") ? `The analysis found ${plural(n("shots"), "shot")}.` : "No shots were detected (the shots module has no segments).");
  if (ask.scenes || all) lines.push(n("scenes") ? `They form ${plural(n("scenes"), "scene")}.` : "No scenes were detected (the scenes module has no segments).");
  if (all) {
    lines.push(n("transcription") ? `The transcript has ${plural(n("transcription"), "cue")}.` : "There is no transcript.");
    const quoted = o.digest ? o.chapters : o.firstCues;
    if (o.digest) lines.push("", `Digest: ${clip(o.digest, 1200)}`);
    else lines.push("", `There is no digest of this video (the video_reasoning module has no segments)${quoted.length ? "; it begins:" : "."}`);
    const listed = quoted.slice(0, MOMENTS);
    if (listed.length) {
      lines.push("", ...listed.map((c) => `- ${stampOf(videos, { jobId: o.jobId, start: c.start })} ${clip(c.content, 300)}`));
      ids.push(...listed.map((c) => c.id));
    }
  }
  if (ask.text || (all && !o.digest)) {
    lines.push(o.onScreenText.length ? `On-screen text: ${o.onScreenText.map((t) => `"${clip(t, 120)}"`).join(", ")}.` : "No on-screen text was read.");
  }
  return { lines, ids };
}

function momentLine(videos: readonly VideoRef[], e: ContextEntry): string {
  return `- ${stampOf(videos, e)} ${clip(e.content, 300)} (${moduleLabel(e.module)})`;
}

/** The offline answer's text and the segments it quotes. `opening` says why it is built this way. */
export function offlineAnswer(question: string, retrieved: Retrieved, opening: string): { text: string; segmentIds: string[] } {
  const { videos } = retrieved;
  const parts: string[] = [];
  const ids: string[] = [];
  const ask = overviewAsk(question);
  if (ask) {
    for (const o of retrieved.overviews) {
      const { lines, ids: used } = overviewLines(o, ask, videos);
      parts.push(`${videos.length > 1 ? `**${o.name}**\n` : ""}${lines.join("\n")}`);
      ids.push(...used);
    }
  }
  const shown = new Set<string>();
  const visual = (retrieved.visual ?? []).filter((e) => e.matched?.length).sort((a, b) => (a.jobId ?? "").localeCompare(b.jobId ?? "") || a.start - b.start).slice(0, MOMENTS);
  if (visual.length) {
    parts.push(`What the picture analysis shows about that:\n\n${visual.map((e) => momentLine(videos, e)).join("\n")}`);
    for (const e of visual) {
      shown.add(e.ids[0]!);
      ids.push(...e.ids);
    }
  }
  const moments = retrieved.entries
    .filter((e) => (e.matched?.length || (e.similarity ?? 0) >= MIN_MOMENT_SIMILARITY) && !shown.has(e.ids[0]!) && !(ask && e.module === "video_reasoning"))
    .sort((a, b) => (b.matched?.length ?? 0) - (a.matched?.length ?? 0) || (b.similarity ?? 0) - (a.similarity ?? 0) || a.start - b.start)
    .slice(0, MOMENTS);
  if (moments.length) {
    parts.push(`${parts.length ? "Other moments" : "The moments"} that match the question best:\n\n${moments.map((e) => momentLine(videos, e)).join("\n")}`);
    for (const e of moments) ids.push(...e.ids);
  }
  if (!parts.length) {
    const where = videos.length > 1 ? `the project's ${videos.length} videos'` : "the video's";
    const none = `None of ${where} ${retrieved.totalSegments} analysis segments matches the question closely enough to quote. Try words that are said or shown in the video, or ask what the video is about.`;
    return { text: `${opening.replace(/:$/, ".")}\n\n${none}`, segmentIds: [] };
  }
  return { text: `${opening}\n\n${parts.join("\n\n")}`, segmentIds: [...new Set(ids)] };
}
