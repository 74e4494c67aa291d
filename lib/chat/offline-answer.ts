// The answer without a language model: sentences and lists assembled only from stored rows —
// never a word the analysis did not produce — in the form the question asks for ("three bullet
// points" → exactly three items, "list …" → a list). Parts, each used when it applies:
//   overview  what is it about / summarise: the video's summary (video_reasoning: the overview and
//             its key moments with their times); list the topics: its topics; how long / how many
//             shots or scenes / which text: those facts;
//   picture   (dark or bright stretches, fades, motion): the shots and visualelements segments
//             found in the visual modules' own words;
//   moments   the segments that best match the question by words and meaning, with their times
//             ("when is …" answers with the best one first).
import { formatClock } from "@/lib/core/clock";
import { moduleLabel } from "@/lib/pipeline/modules/registry";
import { clip, type ContextEntry } from "./context";
import { linkedStamp } from "./citations";
import { answerForm, asksWhen, asksWho, overviewAsk, type AnswerForm, type OverviewAsk } from "./intent";
import type { Retrieved, SummaryMoment, VideoOverview, VideoPeople, VideoRef } from "./retrieve";
import { item } from "@/lib/core/item";

/** Segments listed as relevant moments. */
const MOMENTS = 8;
/** A segment that shares no word with the question's topic is a match from this similarity on (the
 * sentence encoder's cosines of unrelated short texts, a brand name say, reach ~0.4)… */
export const MIN_MOMENT_SIMILARITY = 0.5;
/** …or, for the one best segment, when it stands out from the rest of the video: at least this
 * similar, and STAND_OUT_GAP above the next best (the topic "the weather" and "The thunderstorm
 * knocked out power" score ~0.35, the video's other lines below ~0.2). */
const STAND_OUT_MIN = 0.25;
const STAND_OUT_GAP = 0.1;

function duration(seconds: number): string {
  const t = Math.round(seconds);
  if (t < 60) return `${t} s`;
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const s = t % 60;
  return h ? `${h} h ${m} min ${s} s` : `${m} min ${s} s`;
}

const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

function stampOf(videos: readonly VideoRef[], e: { jobId?: string; start: number }): string {
  if (videos.length === 1) return `[${formatClock(e.start)}]`;
  const v = videos.find((x) => x.jobId === e.jobId);
  return v ? linkedStamp(v, e.start) : `[${formatClock(e.start)}]`;
}

/** The `count` most important moments (by rank), in time order; all of them without a count. */
export function chooseMoments<T extends { start: number; rank: number }>(moments: readonly T[], count: number | null): T[] {
  const chosen = count ? [...moments].sort((a, b) => a.rank - b.rank || a.start - b.start).slice(0, count) : [...moments];
  return chosen.sort((a, b) => a.start - b.start);
}

/** "Only two moments stand out:" when fewer items exist than were asked for. */
const fewer = (count: number | null, have: number, what: string) =>
  count && have < count ? `Only ${plural(have, what)} ${have === 1 ? "stands" : "stand"} out in the analysis:` : null;

function summaryLines(o: VideoOverview, form: AnswerForm, videos: readonly VideoRef[]): { lines: string[]; ids: string[] } {
  const stamp = (m: { start: number }) => stampOf(videos, { jobId: o.jobId, start: m.start });
  const s = o.summary;
  if (!s) {
    const cues = form.count ? o.firstCues.slice(0, form.count) : o.firstCues;
    const head = `There is no summary of this video yet (Video reasoning has not run on it)${cues.length ? "; it begins:" : ", and there is no transcript to quote."}`;
    return { lines: cues.length ? [head, "", ...cues.map((c) => `- ${stamp(c)} ${clip(c.content, 300)}`)] : [head], ids: cues.map((c) => c.id) };
  }
  const moments: SummaryMoment[] = chooseMoments(s.moments, form.count);
  const items = moments.map((m) => `- ${stamp(m)} ${clip(m.content, 300)}`);
  const ids = [s.id, ...moments.map((m) => m.id)];
  if (form.list) {
    // A list was asked for: the key moments are the items; the overview only when they are missing.
    if (!items.length) return { lines: [s.overview], ids };
    const note = fewer(form.count, items.length, "moment");
    return { lines: [...(note ? [note, ""] : []), ...items], ids };
  }
  return { lines: [s.overview, ...(items.length ? ["", "Key moments:", "", ...items] : [])], ids };
}

function topicLines(o: VideoOverview, form: AnswerForm, videos: readonly VideoRef[]): { lines: string[]; ids: string[] } {
  const topics = o.summary?.topics ?? [];
  if (!topics.length) {
    return { lines: [o.summary ? "The summary of this video names no topics (nothing was said or written that names one)." : "There is no summary of this video yet (Video reasoning has not run on it), so its topics are not named."], ids: [] };
  }
  // Topics come in time order; with a count, the first ones of the key moments' ranking.
  const ranked = topics.map((t) => ({ ...t, rank: o.summary!.moments.find((m) => m.start === t.start)?.rank ?? Infinity }));
  const chosen = chooseMoments(ranked, form.count);
  const note = fewer(form.count, chosen.length, "topic");
  const items = chosen.map((t) => `- ${t.topic.charAt(0).toUpperCase()}${t.topic.slice(1)} ${stampOf(videos, { jobId: o.jobId, start: t.start })}`);
  return { lines: [...(note ? [note, ""] : []), ...items], ids: [o.summary!.id] };
}

function overviewLines(o: VideoOverview, ask: OverviewAsk, form: AnswerForm, videos: readonly VideoRef[]): { lines: string[]; ids: string[] } {
  const lines: string[] = [];
  const ids: string[] = [];
  const add = (part: { lines: string[]; ids: string[] }) => {
    if (lines.length) lines.push("");
    lines.push(...part.lines);
    ids.push(...part.ids);
  };
  if (ask.summary) add(summaryLines(o, form, videos));
  if (ask.topics && !ask.summary) add(topicLines(o, form, videos));
  const facts: string[] = [];
  if (ask.duration) facts.push(`It is ${duration(o.duration)} long.`);
  const n = (module: string) => o.counts[module] ?? 0;
  if (ask.shots) facts.push(n("shots") ? `The analysis found ${plural(n("shots"), "shot")}.` : "No shots were detected (the shots module has no segments).");
  if (ask.scenes) facts.push(n("scenes") ? `They form ${plural(n("scenes"), "scene")}.` : "No scenes were detected (the scenes module has no segments).");
  if (ask.text) facts.push(o.onScreenText.length ? `On-screen text: ${o.onScreenText.map((t) => `"${clip(t, 120)}"`).join(", ")}.` : "No on-screen text was read.");
  if (facts.length) add({ lines: facts, ids: [] });
  return { lines, ids };
}

function peopleLines(v: VideoPeople, videos: readonly VideoRef[], form: AnswerForm): string[] {
  if (!v.people.length) {
    return [v.analysed ? "No people were found in the picture (no face the analysis could group into a person)." : "The picture has not been analysed for people (Visual elements has not run on this video)."];
  }
  const people = form.count ? v.people.slice(0, form.count) : v.people;
  const times = (p: VideoPeople["people"][number]) => p.appearances.map((a) => `${stampOf(videos, { jobId: v.jobId, start: a.start })}–${formatClock(a.end)}`).join(", ");
  return [`${plural(v.people.length, "person was", "people were")} found in the picture:`, "", ...people.map((p) => `- ${p.name}: ${times(p)}`)];
}

function momentLine(videos: readonly VideoRef[], e: ContextEntry): string {
  return `- ${stampOf(videos, e)} ${clip(e.content, 300)} (${moduleLabel(e.module)})`;
}

/**
 * The offline answer's text and the segments it quotes. `opening` (when the configured model
 * failed) says why it is built this way; without a model there is none — the chat page says once
 * that its answers are composed without a language model.
 */
export function offlineAnswer(asked: string | { question: string; subject?: string }, retrieved: Retrieved, opening: string | null = null): { text: string; segmentIds: string[] } {
  // `question` gives the form asked for; `subject` (a form-only follow-up: the question before it) what it is about.
  const { question: current, subject: question = current } = typeof asked === "string" ? { question: asked } : asked;
  const { videos } = retrieved;
  const parts: string[] = [];
  const ids: string[] = [];
  const ask = overviewAsk(question);
  const form = answerForm(current);
  if (asksWho(question) && retrieved.people) {
    for (const v of retrieved.people) {
      const name = videos.find((x) => x.jobId === v.jobId)?.name ?? "";
      parts.push(`${videos.length > 1 ? `**${name}**\n` : ""}${peopleLines(v, videos, form).join("\n")}`);
    }
  }
  if (ask) {
    for (const o of retrieved.overviews) {
      const { lines, ids: used } = overviewLines(o, ask, form, videos);
      parts.push(`${videos.length > 1 ? `**${o.name}**\n` : ""}${lines.join("\n")}`);
      ids.push(...used);
    }
  }
  // A summary or the topics answer the question whole (and keep the number of items asked for).
  const whole = (!!ask && (ask.summary || ask.topics)) || (asksWho(question) && !!retrieved.people);
  const shown = new Set<string>();
  const visual = whole ? [] : (retrieved.visual ?? []).filter((e) => e.matched?.length).sort((a, b) => (a.jobId ?? "").localeCompare(b.jobId ?? "") || a.start - b.start).slice(0, MOMENTS);
  if (visual.length) {
    parts.push(`What the picture analysis shows about that:\n\n${visual.map((e) => momentLine(videos, e)).join("\n")}`);
    for (const e of visual) {
      shown.add(item(e.ids, 0));
      ids.push(...e.ids);
    }
  }
  const scored = retrieved.entries.filter((e) => e.module !== "video_reasoning").sort((a, b) => (b.similarity ?? 0) - (a.similarity ?? 0));
  const [first, second] = scored.map((e) => e.similarity ?? 0);
  const outstanding = first !== undefined && first >= STAND_OUT_MIN && first >= (second ?? 0) + STAND_OUT_GAP ? scored[0] : undefined;
  const standsOut = (e: (typeof scored)[number]) => e === outstanding;
  const moments = whole
    ? []
    : retrieved.entries
        .filter((e) => (e.matched?.length || (e.similarity ?? 0) >= MIN_MOMENT_SIMILARITY || standsOut(e)) && !shown.has(item(e.ids, 0)) && e.module !== "video_reasoning")
        .sort((a, b) => (b.matched?.length ?? 0) - (a.matched?.length ?? 0) || (b.similarity ?? 0) - (a.similarity ?? 0) || a.start - b.start)
        .slice(0, form.count ?? MOMENTS);
  if (moments.length && asksWhen(question) && !parts.length) {
    const [best, ...rest] = moments;
    parts.push(`At ${stampOf(videos, best!)}: ${clip(best!.content, 300)} (${moduleLabel(best!.module)})`);
    if (rest.length) parts.push(`Other moments that match:\n\n${rest.map((e) => momentLine(videos, e)).join("\n")}`);
    for (const e of moments) ids.push(...e.ids);
  } else if (moments.length) {
    parts.push(`${parts.length ? "Other moments" : "The moments"} that match the question best:\n\n${moments.map((e) => momentLine(videos, e)).join("\n")}`);
    for (const e of moments) ids.push(...e.ids);
  }
  const head = opening ? [opening] : [];
  if (!parts.length) {
    const where = videos.length > 1 ? `the project's ${videos.length} videos'` : "the video's";
    const none = `None of ${where} ${retrieved.totalSegments} analysis segments matches the question closely enough to quote. Try words that are said or shown in the video, or ask what the video is about.`;
    return { text: [...head.map((o) => o.replace(/:$/, ".")), none].join("\n\n"), segmentIds: [] };
  }
  return { text: [...head, ...parts].join("\n\n"), segmentIds: [...new Set(ids)] };
}
