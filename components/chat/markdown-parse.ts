// A small Markdown reader for chat answers: the text becomes a tree of plain data (never HTML), so
// whatever a model writes is rendered as text by React. Blocks here — paragraphs, headings, lists
// (nested by indentation), block quotes, fenced code, tables, rules; their text through
// markdown-inline.ts.
import { parseInline, type Inline } from "./markdown-inline";

export type Align = "left" | "center" | "right" | null;

export type Block =
  | { type: "paragraph"; children: Inline[] }
  | { type: "heading"; level: number; children: Inline[] }
  | { type: "code"; lang: string | null; text: string }
  | { type: "list"; ordered: boolean; start: number; items: Block[][] }
  | { type: "quote"; children: Block[] }
  | { type: "table"; align: Align[]; header: Inline[][]; rows: Inline[][][] }
  | { type: "rule" };

/** Nesting deeper than this (quotes in lists in quotes…) is shown as text. */
const MAX_DEPTH = 12;

// ---------------------------------------------------------------------------------------------
// Blocks

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)[^`]*$/;
const HEADING = /^ {0,3}(#{1,6})(?:\s+(.*?))?(?:\s+#+)?\s*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?(.*)$/;
const LIST_ITEM = /^( *)([-*+]|\d{1,9}[.)])( +|$)(.*)$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

const indentOf = (line: string) => line.length - line.trimStart().length;

function isTableStart(lines: string[], i: number): boolean {
  if (!lines[i]!.includes("|") || i + 1 >= lines.length || !TABLE_SEPARATOR.test(lines[i + 1]!)) return false;
  return splitRow(lines[i + 1]!).length === splitRow(lines[i]!).length;
}

function startsBlock(lines: string[], i: number): boolean {
  const line = lines[i]!;
  const item = LIST_ITEM.exec(line);
  return (
    FENCE.test(line) ||
    HEADING.test(line) ||
    RULE.test(line) ||
    QUOTE.test(line) ||
    (!!item && item[1]!.length <= 3 && item[4]!.trim() !== "") ||
    isTableStart(lines, i)
  );
}

function splitRow(line: string): string[] {
  let row = line.trim();
  if (row.startsWith("|")) row = row.slice(1);
  if (row.endsWith("|") && !row.endsWith("\\|")) row = row.slice(0, -1);
  return row.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, "|"));
}

function parseTable(lines: string[], i: number): { block: Block; next: number } {
  const header = splitRow(lines[i]!);
  const align: Align[] = splitRow(lines[i + 1]!).map((cell) => {
    const left = cell.startsWith(":");
    const right = cell.endsWith(":");
    return left && right ? "center" : right ? "right" : left ? "left" : null;
  });
  const width = header.length;
  const fit = (cells: string[]) => Array.from({ length: width }, (_, k) => parseInline(cells[k] ?? ""));
  const rows: Inline[][][] = [];
  let j = i + 2;
  while (j < lines.length && lines[j]!.trim() && lines[j]!.includes("|")) rows.push(fit(splitRow(lines[j++]!)));
  return { block: { type: "table", align: Array.from({ length: width }, (_, k) => align[k] ?? null), header: fit(header), rows }, next: j };
}

function parseList(lines: string[], i: number, depth: number): { block: Block; next: number } {
  const first = LIST_ITEM.exec(lines[i]!)!;
  const indent = first[1]!.length;
  const ordered = /\d/.test(first[2]!);
  const items: string[][] = [];
  let current: string[] = [];
  let contentIndent = 0;
  let j = i;
  while (j < lines.length) {
    const line = lines[j]!;
    const item = LIST_ITEM.exec(line);
    if (item && item[1]!.length <= indent + 1) {
      if (/\d/.test(item[2]!) !== ordered) break;
      current = [item[4]!];
      items.push(current);
      const gap = item[3]!.length;
      contentIndent = item[1]!.length + item[2]!.length + (gap === 0 || gap > 4 ? 1 : gap);
      j++;
      continue;
    }
    if (!line.trim()) {
      let k = j + 1;
      while (k < lines.length && !lines[k]!.trim()) k++;
      const next = k < lines.length ? LIST_ITEM.exec(lines[k]!) : null;
      const continues = k < lines.length && (indentOf(lines[k]!) > indent || (next && /\d/.test(next[2]!) === ordered));
      if (!continues) break;
      current.push("");
      j++;
      continue;
    }
    if (indentOf(line) > indent) {
      current.push(line.slice(Math.min(contentIndent, indentOf(line))));
      j++;
      continue;
    }
    // A paragraph's next line may start at the margin ("lazy" continuation).
    if (current[current.length - 1]?.trim() && !startsBlock(lines, j)) {
      current.push(line.trim());
      j++;
      continue;
    }
    break;
  }
  const start = ordered ? Number.parseInt(first[2]!, 10) : 1;
  return { block: { type: "list", ordered, start, items: items.map((it) => parseBlocks(it, depth + 1)) }, next: j };
}

function parseBlocks(lines: string[], depth: number): Block[] {
  if (depth > MAX_DEPTH) return [{ type: "paragraph", children: parseInline(lines.join("\n").trim()) }];
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const closing = new RegExp(`^ {0,3}${marker[0] === "`" ? "`" : "~"}{${marker.length},}\\s*$`);
      const body: string[] = [];
      i++;
      while (i < lines.length && !closing.test(lines[i]!)) body.push(lines[i++]!);
      i++; // the closing fence (or the end)
      blocks.push({ type: "code", lang: fence[2] || null, text: body.join("\n") });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: "heading", level: heading[1]!.length, children: parseInline(heading[2] ?? "") });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: "rule" });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && lines[i]!.trim()) {
        const q = QUOTE.exec(lines[i]!);
        body.push(q ? q[1]! : lines[i]!);
        i++;
      }
      blocks.push({ type: "quote", children: parseBlocks(body, depth + 1) });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item && item[1]!.length <= 3) {
      const { block, next } = parseList(lines, i, depth);
      blocks.push(block);
      i = next;
      continue;
    }
    if (isTableStart(lines, i)) {
      const { block, next } = parseTable(lines, i);
      blocks.push(block);
      i = next;
      continue;
    }
    const body = [line.trim()];
    i++;
    while (i < lines.length && lines[i]!.trim() && !startsBlock(lines, i)) body.push(lines[i++]!.trim());
    blocks.push({ type: "paragraph", children: parseInline(body.join("\n")) });
  }
  return blocks;
}

export function parseMarkdown(source: string): Block[] {
  return parseBlocks(source.replace(/\r\n?/g, "\n").replace(/\t/g, "    ").split("\n"), 0);
}
