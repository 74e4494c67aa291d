"use client";
// This page's origin (`https://host:port`), known only in the browser: "" in the server render
// and during hydration, the real one right after.
import { useSyncExternalStore } from "react";

const never = () => () => {};

export function useOrigin(): string {
  return useSyncExternalStore(
    never,
    () => window.location.origin,
    () => "",
  );
}
