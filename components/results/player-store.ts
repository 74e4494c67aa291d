"use client";
// The player's time, shared with the timeline and the segment lists without re-rendering the
// whole page every frame: components subscribe to what they derive from it (the playhead's
// position, which segment is current) and render only when that changes.
import { useState, useSyncExternalStore } from "react";

export class PlayerStore {
  time = 0;
  duration = 0;
  playing = false;
  private el: HTMLVideoElement | null = null;
  private pendingSeek: number | null = null;
  private listeners = new Set<() => void>();
  private frame: number | null = null;

  constructor(initialTime?: number) {
    if (initialTime !== undefined && Number.isFinite(initialTime) && initialTime > 0) {
      this.pendingSeek = initialTime;
      this.time = initialTime;
    }
  }

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  private emit() {
    for (const l of this.listeners) l();
  }

  private read = () => {
    if (!this.el) return;
    const t = this.el.currentTime;
    const d = Number.isFinite(this.el.duration) ? this.el.duration : this.duration;
    const p = !this.el.paused && !this.el.ended;
    if (t !== this.time || d !== this.duration || p !== this.playing) {
      // While a seek waits for the media, keep showing where it is going.
      if (this.pendingSeek === null) this.time = t;
      this.duration = d;
      this.playing = p;
      this.emit();
    }
  };

  private loop = () => {
    this.read();
    this.frame = this.playing ? requestAnimationFrame(this.loop) : null;
  };

  private onPlay = () => {
    this.read();
    if (this.frame === null) this.frame = requestAnimationFrame(this.loop);
  };

  private onMetadata = () => {
    if (this.el && this.pendingSeek !== null) {
      const t = this.pendingSeek;
      this.pendingSeek = null;
      this.el.currentTime = t;
    }
    this.read();
  };

  private static EVENTS = ["timeupdate", "seeked", "seeking", "pause", "ended", "durationchange"] as const;

  /** Called by the <video> ref callback. */
  attach = (el: HTMLVideoElement | null) => {
    if (this.el === el) return;
    if (this.el) {
      for (const ev of PlayerStore.EVENTS) this.el.removeEventListener(ev, this.read);
      this.el.removeEventListener("play", this.onPlay);
      this.el.removeEventListener("loadedmetadata", this.onMetadata);
    }
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
    this.el = el;
    if (!el) return;
    for (const ev of PlayerStore.EVENTS) el.addEventListener(ev, this.read);
    el.addEventListener("play", this.onPlay);
    el.addEventListener("loadedmetadata", this.onMetadata);
    if (el.readyState >= 1) this.onMetadata();
  };

  /** A new source is loading: a seek asked for now is applied when its metadata arrives. */
  sourceChanged() {
    if (this.pendingSeek === null && this.time > 0) this.pendingSeek = this.time;
  }

  seek(t: number) {
    const target = Math.max(0, this.duration ? Math.min(t, this.duration) : t);
    this.time = target;
    if (this.el && this.el.readyState >= 1) {
      this.pendingSeek = null;
      this.el.currentTime = target;
    } else {
      this.pendingSeek = target;
    }
    this.emit();
  }

  /** Seeks to `t` and plays from there (a transcript line's or a chapter's "play"). */
  play(t: number) {
    this.seek(t);
    // A browser that refuses (no user gesture, or the source failed) leaves the video paused at t.
    this.el?.play()?.catch(() => {});
  }

  get element() {
    return this.el;
  }
}

/**
 * Where to seek for a segment that starts at `start`: a segment's start is the presentation time
 * of its first frame, and a browser asked for exactly that time may show the previous frame
 * (rounding of the time, or a rendition whose timestamps sit a hair later): the last frame of the
 * previous shot. A nudge into the segment (half a 25 fps frame, at most half the segment) lands
 * on its first frame, or its second at high frame rates.
 */
export const SEGMENT_SEEK_NUDGE = 0.02;
export function segmentSeekTime(start: number, end: number): number {
  const len = Math.max(0, end - start);
  return start + Math.min(SEGMENT_SEEK_NUDGE, len / 2);
}

export function usePlayerStore(initialTime?: number): PlayerStore {
  const [store] = useState(() => new PlayerStore(initialTime));
  return store;
}

/** A value derived from the player's state; the component renders when it changes. */
export function usePlayerValue<T>(store: PlayerStore, select: (s: PlayerStore) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store),
    () => select(store),
  );
}
