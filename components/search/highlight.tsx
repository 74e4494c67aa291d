// The words of the query marked in a hit's text, so people see why it matched. Search is
// semantic, so a hit may share no word with the query; then the text is shown as it is.
import { Fragment } from "react";

const WORD = /[\p{L}\p{N}]+/gu;

/** Words of two or more characters, lower-cased, longest first (so "greens" wins over "green"). */
export function queryWords(query: string): string[] {
  const words = new Set((query.toLowerCase().match(WORD) ?? []).filter((w) => w.length >= 2));
  return [...words].sort((a, b) => b.length - a.length);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function Highlight({ text, query }: { text: string; query: string }) {
  const words = queryWords(query);
  if (!words.length) return <>{text}</>;
  // Word starts only: "red" marks "Red" and "redder", not "bored".
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${words.map(escapeRegExp).join("|")})`, "giu");
  const parts = text.split(pattern);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <mark key={i} className="rounded-sm bg-amber-100 px-0.5 text-inherit">
            {part}
          </mark>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
