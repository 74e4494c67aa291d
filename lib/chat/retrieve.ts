// The segments an answer is built from, over one video or all videos of a project.
//   vector:      the question is scored like POST /search scores a query (words and meaning,
//                db/queries/search.ts), and the VECTOR_TOP_K best segments are taken (neighbours
//                within 5 seconds are all kept: the model reads them as one passage);
//                a question about the picture ("when does it go dark?") is searched a second
//                time in the visual modules' own words (intent.ts);
//   brute_force: every segment, compressed (context.ts), each line scored by the same search.
// Either way `overviews` holds what an overview answer needs: per video its duration, segment
// counts per module and its summary (video_reasoning: overview, key moments, topics), all read
// from stored rows.
import type { Db } from "@/db/client";
import { matchedTerms, type Candidate } from "@/db/queries/search";
import { listSegments, type SegmentRow } from "@/db/queries/segments";
import type { Video } from "@/db/schema";
import type { ChatMode } from "@/lib/schemas/chat";
import { PICTURE_MODULES } from "@/lib/pipeline/modules/registry";
import { QueryVectors } from "@/lib/search/query-vectors";
import { searchScope } from "@/lib/search/search-segments";
import { compressSegments, contextLine, oneLine, toEntry, type ContextEntry, type SegmentLike } from "./context";
import { listPeople } from "@/lib/people/people-ops";
import { asksWho, questionKeywords, questionTopic, visualQuery } from "./intent";
import { item } from "@/lib/core/item";

/** Segments given to the model in vector mode. */
export const VECTOR_TOP_K = 20;
/** Visual-event segments added to them when the question is about the picture. */
const VISUAL_TOP_K = 10;
/** A nearest segment's text is cut here (a reasoning summary can be long). */
const MAX_VECTOR_LINE_CHARS = 2000;

export interface VideoRef {
  jobId: string;
  name: string;
  duration: number;
  /** "V1", "V2"… in contexts over several videos; undefined for one video. */
  label?: string;
}

/** A moment of a video's summary: a key moment (offline) or a model's chapter or key moment. */
export interface SummaryMoment {
  start: number;
  content: string;
  /** The segment that holds it (the summary itself for an offline key moment). */
  id: string;
  /** 1 = the most important (offline: picked first for its centrality); a model's in its order. */
  rank: number;
}

export interface VideoSummary {
  /** The summary segment. */
  id: string;
  /** The overview sentences (offline), or the model's summary. */
  overview: string;
  /** In time order. */
  moments: SummaryMoment[];
  /** The topics, in time order (offline: named from the key moments; a model's: its chapter titles). */
  topics: { topic: string; start: number }[];
}

export interface VideoOverview extends VideoRef {
  /** Segments per module. */
  counts: Record<string, number>;
  /** The video_reasoning summary, or null (none, or an earlier version's counts-only digest). */
  summary: VideoSummary | null;
  /** On-screen text the summary collected (metadata.on_screen_text), else visualelements' text. */
  onScreenText: string[];
  /** The first transcript cues (what an overview quotes when there is no summary). */
  firstCues: { start: number; content: string; id: string }[];
}

export interface Retrieved {
  mode: ChatMode;
  videos: VideoRef[];
  /** Lines for the model, in time order (per video). */
  entries: ContextEntry[];
  lines: string[];
  segmentIds: string[];
  /** Segments the videos have (in the modules asked for). */
  totalSegments: number;
  /** How the context was made, for the model and the message metadata. */
  description: string;
  overviews: VideoOverview[];
  /** Entries found by the visual-event search (a subset of `entries`), when the question asked about the picture. */
  visual: ContextEntry[] | null;
  /** The people found in each video (named or numbered, with their appearances), when the question asks who. */
  people: VideoPeople[] | null;
}

export interface VideoPeople {
  jobId: string;
  /** Whether the picture was analysed at all (visualelements has segments). */
  analysed: boolean;
  people: { name: string; appearances: { start: number; end: number }[] }[];
}

const byTime = (a: ContextEntry, b: ContextEntry) => (a.jobId ?? "").localeCompare(b.jobId ?? "") || a.start - b.start || a.module.localeCompare(b.module);

function metaOf(s: SegmentRow): Record<string, unknown> {
  try {
    const m = JSON.parse(s.metadata ?? "null");
    return m && typeof m === "object" ? (m as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** The summary an overview answer quotes, from the video_reasoning rows (offline metadata or a model's segments). */
function summaryOf(reasoning: readonly SegmentRow[]): VideoSummary | null {
  const row = reasoning.find((r) => metaOf(r).kind === "summary");
  if (!row) return null;
  const meta = metaOf(row);
  if (meta.method === "computed_digest") return null; // counts only: an earlier version's digest, not a summary
  if (meta.method === "extractive_summary") {
    // The content: the overview, then "Key moments:" and a `[mm:ss] text` line per moment, in the
    // order of metadata.key_moments (their times and ranks).
    const [overview = "", rest = ""] = row.content.split("\n\nKey moments:\n");
    const lines = rest.split("\n").filter(Boolean);
    const listed = Array.isArray(meta.key_moments) ? (meta.key_moments as Record<string, unknown>[]) : [];
    const moments = listed.flatMap((m, i) => {
      const start = num(m.start);
      const text = oneLine((lines[i] ?? "").replace(/^\[[\d:]+\]\s*/, ""));
      return start === null || !text ? [] : [{ start, content: text, id: row.id, rank: num(m.rank) ?? i + 1 }];
    });
    const topics = (Array.isArray(meta.topics) ? (meta.topics as Record<string, unknown>[]) : []).flatMap((t) =>
      typeof t.topic === "string" && num(t.start) !== null ? [{ topic: t.topic, start: num(t.start)! }] : [],
    );
    return { id: row.id, overview: oneLine(overview), moments: moments.sort((a, b) => a.start - b.start), topics };
  }
  const others = reasoning.filter((r) => r !== row).sort((a, b) => a.startTime - b.startTime);
  const chapters = others.filter((r) => metaOf(r).kind === "chapter");
  const keyMoments = others.filter((r) => metaOf(r).kind !== "chapter");
  const moments = (keyMoments.length ? keyMoments : chapters).map((r, i) => ({ start: r.startTime, content: oneLine(r.content), id: r.id, rank: i + 1 }));
  return { id: row.id, overview: oneLine(row.content), moments, topics: chapters.map((r) => ({ topic: oneLine(r.content), start: r.startTime })) };
}

function overviewOf(ref: VideoRef, rows: readonly SegmentRow[]): VideoOverview {
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.module] = (counts[r.module] ?? 0) + 1;
  const reasoning = rows.filter((r) => r.module === "video_reasoning");
  const summaryRow = reasoning.find((r) => metaOf(r).kind === "summary");
  const fromSummary = summaryRow ? metaOf(summaryRow).on_screen_text : undefined;
  const onScreenText = Array.isArray(fromSummary)
    ? fromSummary.filter((t): t is string => typeof t === "string")
    : [...new Set(rows.filter((r) => r.module === "visualelements").flatMap((r) => [...r.content.matchAll(/text: "([^"]+)"/g)].map((m) => m[1]!)))];
  const firstCues = rows
    .filter((r) => r.module === "transcription")
    .slice(0, 5)
    .map((r) => ({ start: r.startTime, content: oneLine(r.content), id: r.id }));
  return { ...ref, counts, summary: summaryOf(reasoning), onScreenText: onScreenText.slice(0, 12), firstCues };
}

function entryOf(c: Candidate): ContextEntry {
  return toEntry({ id: c.id, jobId: c.jobId, module: c.module, content: c.content, startTime: c.startTime, endTime: c.endTime }, c.similarity);
}

export async function retrieveContext(
  db: Db,
  params: {
    userId: string;
    videos: readonly Video[];
    question: string;
    modules?: readonly string[];
    mode: ChatMode;
    signal?: AbortSignal;
    /** The question's vectors, if the caller started embedding it already. */
    vectors?: QueryVectors;
  },
): Promise<Retrieved> {
  const modules = params.modules?.length ? params.modules : undefined;
  // What is searched is the question's topic, its frame taken off ("when does someone mention a
  // train?" → "train"), as the search page would search it; it (and the picture words) are
  // embedded while the segments are read.
  const topic = questionTopic(params.question);
  const vectors = params.vectors?.text === topic ? params.vectors : new QueryVectors(topic, params.signal).prefetch();
  const visualWords = visualQuery(params.question);
  const visualModules = PICTURE_MODULES.filter((m) => !modules || modules.includes(m));
  const visualVectors = visualWords && visualModules.length ? new QueryVectors(visualWords, params.signal).prefetch() : undefined;
  const many = params.videos.length > 1;
  const videos: VideoRef[] = params.videos.map((v, i) => ({ jobId: v.jobId, name: v.name, duration: v.duration, ...(many ? { label: `V${i + 1}` } : {}) }));
  const labelOf = new Map(videos.map((v) => [v.jobId, v.label]));
  const perVideo = await Promise.all(params.videos.map((v) => listSegments(db, { userId: params.userId, jobId: v.jobId, modules })));
  const overviews = videos.map((v, i) => overviewOf(v, item(perVideo, i)));
  const people = asksWho(params.question)
    ? await Promise.all(
        videos.map(async (v, i) => ({
          jobId: v.jobId,
          analysed: item(perVideo, i).some((r) => r.module === "visualelements"),
          people: (await listPeople(db, { userId: params.userId, jobId: v.jobId })).map((p) => ({ name: p.name, appearances: p.appearances })),
        })),
      )
    : null;
  const all: SegmentLike[] = perVideo.flat().map((r) => ({ id: r.id, jobId: r.jobId, module: r.module, content: r.content, startTime: r.startTime, endTime: r.endTime }));
  const jobIds = videos.map((v) => v.jobId);
  // The question's meaning is compared whole; its words are matched without the question words
  // ("when", "video", "shown"), which would otherwise dilute a match on the word asked about.
  const keywords = questionKeywords(params.question);
  const search = (query: string, limit: number, only?: readonly string[], words?: string) =>
    all.length
      ? searchScope(db, {
          userId: params.userId,
          query,
          words,
          jobIds,
          modules: only ?? modules,
          limit,
          threshold: 0,
          nearest: true,
          signal: params.signal,
          vectors: query === visualWords ? visualVectors : vectors,
        })
      : Promise.resolve([]);
  const line = (e: ContextEntry, max: number) => contextLine(e, max, e.jobId ? labelOf.get(e.jobId) : undefined);
  const scopeWords = many ? `the ${videos.length} videos of the project` : "the video";
  const scopeOwner = many ? `the project's ${videos.length} videos'` : "the video's";

  const withMatches = async (entries: ContextEntry[], words = keywords) => {
    const m = words ? await matchedTerms(db, { userId: params.userId, ids: entries.flatMap((e) => e.ids), text: words }) : new Map<string, string[]>();
    return entries.map((e) => ({ ...e, matched: [...new Set(e.ids.flatMap((id) => m.get(id) ?? []))] }));
  };
  // Picture segments holding any of those words (matched: which), best first.
  const visual =
    visualWords && visualModules.length ? await withMatches((await search(visualWords, VISUAL_TOP_K, visualModules)).map(entryOf), visualWords) : null;

  if (params.mode === "brute_force") {
    const c = compressSegments(all);
    const found = await search(topic, 200, undefined, keywords || undefined);
    const sim = new Map(found.map((f) => [f.id, f.similarity]));
    const entries = await withMatches(c.entries.map((e) => ({ ...e, similarity: Math.max(0, ...e.ids.map((id) => sim.get(id) ?? 0)) })));
    const cut = Number.isFinite(c.maxContent) ? `; texts shortened to ${c.maxContent} characters` : "";
    const dropped = c.dropped ? `; ${c.dropped} lines left out to fit` : "";
    return {
      mode: "brute_force",
      videos,
      entries,
      lines: entries.map((e) => line(e, c.maxContent)),
      segmentIds: c.segmentIds,
      totalSegments: all.length,
      description: `all ${all.length} segments of ${scopeWords}, in time order, merged and compressed into ${c.lines.length} lines${cut}${dropped}`,
      overviews,
      visual,
      people,
    };
  }

  const found = (await search(topic, VECTOR_TOP_K, undefined, keywords || undefined)).map(entryOf);
  const seen = new Set(found.map((e) => e.ids[0]));
  const entries = (await withMatches([...found, ...(visual ?? []).filter((e) => !seen.has(e.ids[0]))])).sort(byTime);
  const how = visual ? " (and the picture's segments matching it)" : "";
  return {
    mode: "vector",
    videos,
    entries,
    lines: entries.map((e) => line(e, MAX_VECTOR_LINE_CHARS)),
    segmentIds: entries.flatMap((e) => e.ids),
    totalSegments: all.length,
    description: `the ${entries.length} of ${scopeOwner} ${all.length} segments that best match the question by words and meaning${how}, in time order`,
    overviews,
    visual,
    people,
  };
}
