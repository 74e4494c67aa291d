"use client";
// Whether the main pointer is a finger (a phone or tablet): tap targets grow there.
import { useSyncExternalStore } from "react";

const QUERY = "(pointer: coarse)";

function subscribe(fn: () => void): () => void {
  const mq = window.matchMedia(QUERY);
  mq.addEventListener("change", fn);
  return () => mq.removeEventListener("change", fn);
}

export function useCoarsePointer(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
