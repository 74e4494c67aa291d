// Inline Markdown of chat answers as plain data: text, bold, italic, inline code, links (http,
// https, mailto and same-site paths only), line breaks, and the time stamps answers cite —
// [01:23], [1:02:03], ranges [01:30–01:35] and lists [00:05, 00:09] — as their own nodes.

export type Inline =
  | { type: "text"; text: string }
  | { type: "strong"; children: Inline[] }
  | { type: "em"; children: Inline[] }
  | { type: "code"; text: string }
  | { type: "link"; href: string; children: Inline[] }
  | { type: "time"; start: number; end: number | null; label: string }
  | { type: "break" };

// ---------------------------------------------------------------------------------------------
// Time stamps

const STAMP = String.raw`\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?`;
const RANGE_DASH = /\s*[-–—]\s*/;

/** "01:23" → 83, "1:02:03" → 3723; null when it is not a time (seconds or minutes past 59). */
export function parseStamp(text: string): number | null {
  if (!new RegExp(`^${STAMP}$`).test(text)) return null;
  const parts = text.split(":").map(Number);
  if (parts.slice(1).some((p) => p >= 60)) return null;
  return parts.reduce((total, p) => total * 60 + p, 0);
}

/** The time stamps of one bracket's content ("01:30–01:35, 02:10"), or null when it holds anything else. */
export function parseStampGroup(content: string): Inline[] | null {
  const group = new RegExp(`^\\s*${STAMP}(?:\\s*[-–—]\\s*${STAMP})?(?:\\s*[,;]\\s*${STAMP}(?:\\s*[-–—]\\s*${STAMP})?)*\\s*$`);
  if (!group.test(content)) return null;
  const out: Inline[] = [];
  for (const part of content.split(/[,;]/)) {
    const [a, b] = part.trim().split(RANGE_DASH);
    const start = parseStamp(a!);
    const end = b === undefined ? null : parseStamp(b);
    if (start === null || (b !== undefined && end === null)) return null;
    if (out.length) out.push({ type: "text", text: ", " });
    out.push({ type: "time", start, end, label: b === undefined ? a! : `${a}–${b}` });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Inline content

const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;

/** Links that cannot run script or leave for an odd scheme: web, mail, and paths of this site. */
export function safeHref(href: string): string | null {
  const h = href.trim();
  if (/^(https?:\/\/|mailto:)/i.test(h)) return h;
  if (h.startsWith("/") && !h.startsWith("//") && !h.startsWith("/\\")) return h;
  return null;
}

const isSpace = (c: string | undefined) => c === undefined || /\s/.test(c);
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

export function parseInline(src: string): Inline[] {
  const out: Inline[] = [];
  let text = "";
  const flush = () => {
    if (text) out.push({ type: "text", text });
    text = "";
  };
  const push = (node: Inline) => {
    flush();
    out.push(node);
  };
  // A search that failed once fails from every later position too: remember it, so a line of
  // unmatched delimiters stays linear.
  const failed = new Set<string>();

  /** Where a run `delim` closes emphasis opened before `from`, or -1. */
  const findCloser = (delim: string, from: number): number => {
    if (failed.has(delim)) return -1;
    for (let j = from; j < src.length; j++) {
      if (src[j] === "\\") {
        j++;
        continue;
      }
      if (src[j] === "`") {
        const end = src.indexOf("`", j + 1);
        if (end > 0) j = end;
        continue;
      }
      if (src[j] !== delim[0]) continue;
      let run = 1;
      while (src[j + run] === delim[0]) run++;
      // A run of another length (** while closing *) belongs to another pair.
      if (run !== delim.length || isSpace(src[j - 1]) || (delim[0] === "_" && isWordChar(src[j + run]))) {
        j += run - 1;
        continue;
      }
      return j;
    }
    failed.add(delim);
    return -1;
  };

  let closeAt = 0;
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === "\\" && i + 1 < src.length && PUNCTUATION.test(src[i + 1]!)) {
      text += src[i + 1];
      i += 2;
      continue;
    }
    if (c === "\n") {
      push({ type: "break" });
      i++;
      continue;
    }
    if (c === "`") {
      let n = 1;
      while (src[i + n] === "`") n++;
      const fence = "`".repeat(n);
      const end = failed.has(fence) ? -1 : src.indexOf(fence, i + n);
      if (end < 0) {
        failed.add(fence);
        text += fence;
        i += n;
        continue;
      }
      let code = src.slice(i + n, end).replace(/\n/g, " ");
      if (code.length > 2 && code.startsWith(" ") && code.endsWith(" ")) code = code.slice(1, -1);
      push({ type: "code", text: code });
      i = end + n;
      continue;
    }
    if (c === "[") {
      // The first "]" after this "[" is also the first after any later "[" before it: keep it.
      if (closeAt !== -1 && closeAt <= i) closeAt = src.indexOf("]", i + 1);
      const close = closeAt;
      if (close < 0) {
        text += c;
        i++;
        continue;
      }
      const inner = src.slice(i + 1, close);
      if (src[close + 1] === "(") {
        const m = /^\(\s*([^\s()]+)(?:\s+"[^"]*")?\s*\)/.exec(src.slice(close + 1));
        const href = m ? safeHref(m[1]!) : null;
        if (m && href && inner.trim()) {
          push({ type: "link", href, children: parseInline(inner) });
          i = close + 1 + m[0].length;
          continue;
        }
      }
      const times = parseStampGroup(inner);
      if (times) {
        flush();
        out.push(...times);
        i = close + 1;
        continue;
      }
      text += c;
      i++;
      continue;
    }
    if (c === "*" || c === "_") {
      let n = 1;
      while (src[i + n] === c) n++;
      const opens = !isSpace(src[i + n]) && !(c === "_" && isWordChar(src[i - 1]));
      const size = Math.min(n, 3);
      if (opens) {
        const delim = c.repeat(size);
        const start = i + n;
        const end = findCloser(delim, start + 1);
        if (end >= 0) {
          text += c.repeat(n - size);
          const children = parseInline(src.slice(start, end));
          push(
            size === 1
              ? { type: "em", children }
              : size === 2
                ? { type: "strong", children }
                : { type: "strong", children: [{ type: "em", children }] },
          );
          i = end + size;
          continue;
        }
      }
      text += c.repeat(n);
      i += n;
      continue;
    }
    text += c;
    i++;
  }
  flush();
  return out;
}
