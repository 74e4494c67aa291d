// visualelements' people: the faces described on the shots' keyframes grouped into people, each
// appearance a segment of visualelements whose metadata names the person (kind "person",
// person_id, person_name), each person's picture stored for GET /videos/{job_id}/people.
import type { SegmentDraft } from "@/lib/analysis/module-result";
import { FACE_DESCRIPTION_METHOD } from "./describe";
import { appearanceContent, FACE_GROUPING_METHOD, faceGroupingEnabled, groupPeople, PERSON_SIMILARITY, type ShotFace } from "./group";
import { storePersonThumbnail } from "./thumbnails";

/** metadata.kind of a person's appearance segment (the other visualelements segments are shots). */
export const PERSON_KIND = "person";

/**
 * The person_id of the faces seen but given to no person (too small to tell people apart, or not
 * found again by the describer): listed as one entry, "Unrecognised faces", with the shots they are in.
 */
export const UNRECOGNISED_ID = "unrecognised";
export const UNRECOGNISED_NAME = "Unrecognised faces";

export const FACE_GROUPING_OFF_NOTE = "Face grouping is off (FACE_GROUPING=0): faces are counted but not grouped into people";

export interface ShotFaces {
  start: number;
  end: number;
  /** The keyframe still read, and its time (null: none was read). */
  file: string | null;
  time: number;
  /** Faces shown on the keyframe (null: not read), with their descriptions where described. */
  faces: readonly { box: [number, number, number, number]; confidence: number; descriptor?: ArrayLike<number> }[] | null;
}

export interface PeopleOutput {
  segments: SegmentDraft[];
  notes: string[];
  /** `${shot}:${face}` → person_id, for the shots' face_boxes. */
  faceOwner: Map<string, string>;
}

export async function peopleSegments(o: { shots: readonly ShotFaces[]; userId: string; jobId: string; workDir?: string; signal?: AbortSignal }): Promise<PeopleOutput> {
  const out: PeopleOutput = { segments: [], notes: [], faceOwner: new Map() };
  if (!faceGroupingEnabled()) {
    out.notes.push(FACE_GROUPING_OFF_NOTE);
    return out;
  }
  const faces: ShotFace[] = [];
  const unrecognised: Omit<ShotFace, "descriptor">[] = [];
  let seen = 0;
  o.shots.forEach((s, shot) => {
    (s.faces ?? []).forEach((f, face) => {
      seen++;
      const at = { shot, face, start: s.start, end: s.end, box: f.box, confidence: f.confidence, file: s.file ?? "", time: s.time };
      if (f.descriptor && s.file) faces.push({ ...at, descriptor: f.descriptor });
      else unrecognised.push(at);
    });
  });
  out.segments.push(...(await unrecognisedSegments(unrecognised, o)));
  if (!faces.length) {
    if (seen) out.notes.push(`People: none of the ${seen} faces seen was large enough to tell people apart`);
    return out;
  }
  const people = groupPeople(faces);
  for (const p of people) {
    for (const f of p.faces) out.faceOwner.set(`${f.shot}:${f.face}`, p.personId);
    try {
      await storePersonThumbnail({ userId: o.userId, jobId: o.jobId, personId: p.personId, file: p.best.file, box: p.best.box, workDir: o.workDir, signal: o.signal });
    } catch (err) {
      if (o.signal?.aborted) throw err;
      out.notes.push(`People: the picture of ${p.defaultName} could not be made (${(err as Error).message.split("\n")[0]})`);
    }
  }
  for (const p of people) {
    for (const a of p.appearances) {
      const inside = p.faces.filter((f) => f.start >= a.start - 1e-6 && f.end <= a.end + 1e-6);
      out.segments.push({
        start_time: a.start,
        end_time: a.end,
        content: appearanceContent(p.defaultName),
        metadata: {
          provider: "local",
          method: FACE_GROUPING_METHOD,
          kind: PERSON_KIND,
          person_id: p.personId,
          person_index: p.index,
          person_name: p.defaultName,
          face_model: FACE_DESCRIPTION_METHOD,
          similarity_threshold: PERSON_SIMILARITY,
          faces_seen: inside.length,
          face_times: inside.map((f) => Math.round(f.time * 1000) / 1000),
          person_total_seconds: p.totalSeconds,
          person_appearances: p.appearances.length,
        },
      });
    }
  }
  out.segments.sort((a, b) => a.start_time - b.start_time);
  if (unrecognised.length) out.notes.push(`People: ${unrecognised.length} ${unrecognised.length === 1 ? "face was" : "faces were"} seen but too small or unclear to tell who it is`);
  out.notes.push(`People: ${faces.length} faces on ${new Set(faces.map((f) => f.shot)).size} shot keyframes grouped into ${people.length} ${people.length === 1 ? "person" : "people"}`);
  return out;
}

/** One segment per shot with faces given to no person, and their picture (the largest such face). */
async function unrecognisedSegments(
  faces: readonly Omit<ShotFace, "descriptor">[],
  o: { userId: string; jobId: string; workDir?: string; signal?: AbortSignal },
): Promise<SegmentDraft[]> {
  if (!faces.length) return [];
  const shown = faces.filter((f) => f.file);
  const best = shown.length ? shown.reduce((a, b) => (b.box[2] * b.box[3] > a.box[2] * a.box[3] ? b : a)) : null;
  if (best) {
    await storePersonThumbnail({ userId: o.userId, jobId: o.jobId, personId: UNRECOGNISED_ID, file: best.file, box: best.box, workDir: o.workDir, signal: o.signal }).catch((err: Error) => {
      if (o.signal?.aborted) throw err;
    });
  }
  const byShot = new Map<number, Omit<ShotFace, "descriptor">[]>();
  for (const f of faces) byShot.set(f.shot, [...(byShot.get(f.shot) ?? []), f]);
  return [...byShot.values()].map((fs) => ({
    start_time: fs[0]!.start,
    end_time: fs[0]!.end,
    content: appearanceContent(UNRECOGNISED_NAME),
    metadata: {
      provider: "local",
      method: FACE_GROUPING_METHOD,
      kind: PERSON_KIND,
      person_id: UNRECOGNISED_ID,
      person_name: UNRECOGNISED_NAME,
      unrecognised: true,
      faces_seen: fs.length,
      face_times: [Math.round(fs[0]!.time * 1000) / 1000],
    },
  }));
}
