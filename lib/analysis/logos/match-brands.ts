// Offline brand spotting: well-known brand names (brands.json) found as whole words in OCR text.
// Words are compared case- and accent-insensitively; a multi-word name also matches when OCR ran
// its words together ("COCACOLA"), which PaddleOCR often does. Names that are ordinary words or
// short acronyms ("Apple", "Shell", "HP") count only when the line is essentially just the name,
// as on a logo or sign, not inside a sentence.
import lexicon from "./brands.json";

export interface BrandMatch {
  brand: string;
  /** The OCR line the name was found in. */
  matchedText: string;
}

interface BrandEntry {
  name: string;
  tokens: string[];
  joined: string;
  standalone: boolean;
}

export function wordsOf(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/['’]s\b/g, "s")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

let entries: BrandEntry[] | null = null;

function brandEntries(): BrandEntry[] {
  if (entries) return entries;
  const standalone = new Set(lexicon.standalone);
  const seen = new Set<string>();
  entries = [];
  for (const name of lexicon.brands) {
    const tokens = wordsOf(name);
    const joined = tokens.join("");
    if (!tokens.length || seen.has(joined)) continue;
    seen.add(joined);
    entries.push({ name, tokens, joined, standalone: standalone.has(name) });
  }
  return entries;
}

function findIn(words: string[], b: BrandEntry): boolean {
  for (let i = 0; i < words.length; i++) {
    if (b.tokens.length > 1 && words[i] === b.joined) return true;
    let ok = i + b.tokens.length <= words.length;
    for (let k = 0; ok && k < b.tokens.length; k++) ok = words[i + k] === b.tokens[k];
    if (ok) return true;
  }
  return false;
}

/** Brands named in the given text lines (each brand once, first line that names it). */
export function matchBrands(lines: readonly string[]): BrandMatch[] {
  const found = new Map<string, BrandMatch>();
  for (const line of lines) {
    const words = wordsOf(line);
    if (!words.length) continue;
    for (const b of brandEntries()) {
      if (found.has(b.name)) continue;
      // A standalone name must be the whole line ("SHELL" on a sign, not "shell out" in a caption).
      if (b.standalone && words.length !== b.tokens.length && !(words.length === 1 && words[0] === b.joined)) continue;
      if (findIn(words, b)) found.set(b.name, { brand: b.name, matchedText: line });
    }
  }
  return [...found.values()];
}
