import { item } from "@/lib/core/item";
// WebVTT parsing (what ffmpeg writes for an embedded subtitle track): cue times exactly as
// written, text with markup removed and entities decoded. Cues are never merged or re-timed.

export interface Cue {
  start: number;
  end: number;
  text: string;
}

const TIME = /^(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})$/;

/** `hh:mm:ss.ttt` or `mm:ss.ttt` → seconds; NaN when malformed. */
export function parseVttTime(s: string): number {
  const m = TIME.exec(s.trim());
  if (!m) return NaN;
  const [, h, mm, ss, frac] = m;
  const ms = Number(frac!.padEnd(3, "0"));
  return Number(h ?? 0) * 3600 + Number(mm) * 60 + Number(ss) + ms / 1000;
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  lrm: "",
  rlm: "",
};

/** Cue payload → plain text: tags (<i>, <c.x>, <v Name>, <00:01.000>) removed, entities decoded. */
export function cueText(payload: string): string {
  return payload
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
      if (e[0] === "#") {
        const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[e.toLowerCase()] ?? whole;
    })
    .replace(/\{\\[^}]*\}/g, "") // ASS override tags that survive some conversions
    .split(/\r?\n/)
    .map((l) => l.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

export function parseWebVtt(vtt: string): Cue[] {
  const text = vtt.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const blocks = text.split(/\n{2,}/);
  const cues: Cue[] = [];
  for (const block of blocks) {
    const lines = block.split("\n");
    const timing = lines.findIndex((l) => l.includes("-->"));
    if (timing < 0) continue; // header, NOTE, STYLE, REGION
    if (timing > 1) continue; // at most one identifier line precedes the timing
    const [left, rightWithSettings] = item(lines, timing).split("-->");
    const start = parseVttTime(left!);
    const end = parseVttTime(rightWithSettings!.trim().split(/\s+/)[0] ?? "");
    if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) continue;
    const body = cueText(lines.slice(timing + 1).join("\n"));
    if (!body) continue;
    cues.push({ start, end, text: body });
  }
  return cues;
}
