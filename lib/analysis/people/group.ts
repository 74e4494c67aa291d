// People across a video ("face grouping"): the faces described on the shots' keyframes are
// clustered (cluster.ts) into people; each person's appearances are the shots their face was
// seen in, adjacent shots joined. No identity: people are numbered in order of first appearance.
import crypto from "node:crypto";
import { clusterFaces } from "./cluster";

/**
 * Average cosine similarity of faceres descriptions at which two groups are one person. Calibrated
 * on bench/quality/people.ts (photographs of recurring people): see bench/quality/README.md.
 */
export const PERSON_SIMILARITY = 0.55;

export const FACE_GROUPING_METHOD = "faceres_average_linkage";

/** FACE_GROUPING=0 (or false/off/no) turns people grouping off. */
export function faceGroupingEnabled(): boolean {
  return !/^(0|false|off|no)$/i.test((process.env.FACE_GROUPING ?? "").trim());
}

export interface ShotFace {
  /** Index of the shot (one keyframe per shot: faces of one shot are distinct people). */
  shot: number;
  /** Index of the face among the shot's faces (its place in face_boxes). */
  face: number;
  start: number;
  end: number;
  descriptor: ArrayLike<number>;
  box: [number, number, number, number];
  confidence: number;
  /** The keyframe still the face was seen on, and its time. */
  file: string;
  time: number;
}

export interface Person {
  /** A UUID of its own (a new run groups afresh: new people, new ids). */
  personId: string;
  /** 1, 2 … in order of first appearance. */
  index: number;
  /** "Person 1" … until renamed. */
  defaultName: string;
  appearances: { start: number; end: number }[];
  totalSeconds: number;
  /** The faces grouped into this person (shot, face index). */
  faces: ShotFace[];
  /** The face shown as the person's picture: the largest, most confident one. */
  best: ShotFace;
  /** Average similarity of the person's faces to each other (1 for a single face). */
  cohesion: number;
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** Spans joined when they touch or overlap (adjacent shots: a gap of at most `gap` seconds). */
export function joinSpans(spans: readonly { start: number; end: number }[], gap = 0.05): { start: number; end: number }[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: { start: number; end: number }[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end + gap) last.end = Math.max(last.end, s.end);
    else out.push({ start: s.start, end: s.end });
  }
  return out.map((s) => ({ start: round3(s.start), end: round3(s.end) }));
}

/** People from the described faces of a video's shots. */
export function groupPeople(faces: readonly ShotFace[], threshold = PERSON_SIMILARITY, newId: () => string = () => crypto.randomUUID()): Person[] {
  const groups = clusterFaces(faces.map((f) => ({ descriptor: f.descriptor, frame: `shot-${f.shot}` })), threshold);
  const people = groups.map((members) => {
    const fs = members.map((i) => faces[i]!);
    const appearances = joinSpans(fs.map((f) => ({ start: f.start, end: f.end })));
    const best = fs.reduce((a, b) => (b.box[2] * b.box[3] * b.confidence > a.box[2] * a.box[3] * a.confidence ? b : a));
    return { fs, appearances, best, first: Math.min(...fs.map((f) => f.start)) };
  });
  people.sort((a, b) => a.first - b.first);
  return people.map((p, k) => ({
    personId: newId(),
    index: k + 1,
    defaultName: `Person ${k + 1}`,
    appearances: p.appearances,
    totalSeconds: round3(p.appearances.reduce((s, a) => s + (a.end - a.start), 0)),
    faces: p.fs,
    best: p.best,
    cohesion: 1,
  }));
}

/** The content line of a person's appearance segment ("Alice on screen"). */
export function appearanceContent(name: string): string {
  return `${name} on screen`;
}
