// People across a video ("face grouping"): the faces described on the shots' keyframes are
// clustered (cluster.ts) into people; each person's appearances are the shots their face was
// seen in, one appearance per shot (a run of shots of one person is not one span: the shots of
// the other side of a dialogue lie between). No identity: people are numbered in order of first appearance.
import crypto from "node:crypto";
import { clusterFaces } from "./cluster";
import { env } from "@/lib/env";

/**
 * Average cosine similarity of faceres descriptions at which two groups are one person. Calibrated
 * on bench/quality/people.ts (photographs of recurring people: perfect from 0.45 to 0.60, see
 * bench/quality/README.md); the top of that range, since 0.55 made one person of the woman and the
 * man of the Megamind dialogue (her face against his two: 0.589 and 0.531, average 0.56).
 */
export const PERSON_SIMILARITY = 0.6;

export const FACE_GROUPING_METHOD = "faceres_average_linkage";

/** FACE_GROUPING=0 (or false/off/no) turns people grouping off. */
export function faceGroupingEnabled(): boolean {
  return env().FACE_GROUPING;
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

/** The shots the faces were seen in, one span each, in time order. */
export function shotSpans(faces: readonly { shot: number; start: number; end: number }[]): { start: number; end: number }[] {
  const byShot = new Map(faces.map((f) => [f.shot, { start: round3(f.start), end: round3(f.end) }]));
  return [...byShot.values()].sort((a, b) => a.start - b.start || a.end - b.end);
}

/** People from the described faces of a video's shots. */
export function groupPeople(faces: readonly ShotFace[], threshold = PERSON_SIMILARITY, newId: () => string = () => crypto.randomUUID()): Person[] {
  const groups = clusterFaces(faces.map((f) => ({ descriptor: f.descriptor, frame: `shot-${f.shot}` })), threshold);
  const people = groups.map((members) => {
    const fs = members.map((i) => faces[i]!);
    const appearances = shotSpans(fs);
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
