// People of a video, read from visualelements' person segments (lib/analysis/people/segments.ts)
// with the names given to them (video_people), and their renaming: a new name is written into the
// appearance segments too (content and metadata), which are then embedded again, so search and
// chat find the person by name.
import type { Db } from "@/db/client";
import { listPeopleNames, listPersonSegments, rewritePersonSegment, upsertPersonName } from "@/db/queries/people";
import { getVideoByJobId } from "@/db/queries/videos";
import { notFound } from "@/lib/core/errors";
import { env } from "@/lib/env";
import { appearanceContent } from "@/lib/analysis/people/group";
import { UNRECOGNISED_ID } from "@/lib/analysis/people/segments";
import { embedJobSegments } from "@/lib/search/embed-segments";
import { signPlaybackToken } from "@/lib/auth/playback-token";
import { logger } from "@/lib/log/logger";
import { item } from "@/lib/core/item";

const log = logger("people");

export interface PersonView {
  person_id: string;
  name: string;
  appearances: { start: number; end: number }[];
  total_seconds: number;
  thumbnail_url: string;
  /** The entry of the faces seen but given to no person (person_id "unrecognised"), and how many there were. */
  unrecognised?: true;
  faces?: number;
}

interface PersonRow {
  id: string;
  startTime: number;
  endTime: number;
  metadata: Record<string, unknown>;
}

function parse(metadata: string | null): Record<string, unknown> {
  try {
    const m = JSON.parse(metadata ?? "{}");
    return m && typeof m === "object" ? m : {};
  } catch {
    return {};
  }
}

/** People in order of first appearance (metadata.person_index), else of their first appearance's start; unrecognised faces last. */
const order = (rows: PersonRow[]) => {
  if (rows[0]?.metadata.unrecognised === true) return Number.MAX_SAFE_INTEGER;
  const i = rows[0]?.metadata.person_index;
  return typeof i === "number" ? i : Number.MAX_SAFE_INTEGER;
};
const round3 = (v: number) => Math.round(v * 1000) / 1000;

export function personThumbnailUrl(jobId: string, personId: string, token = signPlaybackToken(jobId)): string {
  return `${env().APP_URL}/api/playback/people/${jobId}/${encodeURIComponent(personId)}?token=${encodeURIComponent(token)}`;
}

async function load(db: Db, params: { userId: string; jobId: string }) {
  const video = await getVideoByJobId(db, params);
  if (!video) throw notFound("Video");
  const rows = await listPersonSegments(db, params);
  const byPerson = new Map<string, PersonRow[]>();
  for (const r of rows) {
    const metadata = parse(r.metadata);
    const id = typeof metadata.person_id === "string" ? metadata.person_id : null;
    if (!id) continue;
    const list = byPerson.get(id) ?? [];
    list.push({ id: r.id, startTime: r.startTime, endTime: r.endTime, metadata });
    byPerson.set(id, list);
  }
  const names = await listPeopleNames(db, { userId: params.userId, videoId: video.id });
  return { video, byPerson, names };
}

function view(jobId: string, personId: string, rows: PersonRow[], name: string | undefined, token: string): PersonView {
  const appearances = rows.map((r) => ({ start: r.startTime, end: r.endTime })).sort((a, b) => a.start - b.start);
  const fallback = typeof rows[0]?.metadata.person_name === "string" ? (rows[0].metadata.person_name as string) : personId;
  return {
    person_id: personId,
    name: name ?? fallback,
    appearances,
    total_seconds: round3(appearances.reduce((s, a) => s + (a.end - a.start), 0)),
    thumbnail_url: personThumbnailUrl(jobId, personId, token),
    ...(personId === UNRECOGNISED_ID
      ? { unrecognised: true as const, faces: rows.reduce((n, r) => n + (typeof r.metadata.faces_seen === "number" ? r.metadata.faces_seen : 1), 0) }
      : {}),
  };
}

/** GET /videos/{job_id}/people */
export async function listPeople(db: Db, params: { userId: string; jobId: string }): Promise<PersonView[]> {
  const { byPerson, names } = await load(db, params);
  const token = signPlaybackToken(params.jobId);
  return [...byPerson.entries()]
    .sort((a, b) => order(a[1]) - order(b[1]) || item(a[1], 0).startTime - item(b[1], 0).startTime)
    .map(([id, rows]) => view(params.jobId, id, rows, names.get(id), token));
}

/** Whether the video (already authorized by a playback token) has this person. */
export async function hasPerson(db: Db, params: { userId: string; jobId: string; personId: string }): Promise<boolean> {
  const rows = await listPersonSegments(db, params);
  return rows.some((r) => parse(r.metadata).person_id === params.personId);
}

/** PATCH /videos/{job_id}/people/{person_id} */
export async function renamePerson(db: Db, params: { userId: string; jobId: string; personId: string; name: string }): Promise<PersonView> {
  const { video, byPerson } = await load(db, params);
  const rows = byPerson.get(params.personId);
  if (!rows) throw notFound("Person");
  await upsertPersonName(db, { userId: params.userId, videoId: video.id, personId: params.personId, name: params.name });
  for (const r of rows) {
    const metadata = { ...r.metadata, person_name: params.name };
    await rewritePersonSegment(db, { userId: params.userId, id: r.id, content: appearanceContent(params.name), metadata: JSON.stringify(metadata) });
  }
  // The renamed segments' vectors were dropped: embed them again now (the words are searchable at once).
  await embedJobSegments(db, { userId: params.userId, jobId: params.jobId }).catch((err: Error) => {
    log.warn({ jobId: params.jobId, err: err.message }, "re-embedding after a rename failed");
  });
  return view(params.jobId, params.personId, rows, params.name, signPlaybackToken(params.jobId));
}
