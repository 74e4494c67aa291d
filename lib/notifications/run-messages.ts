// What the bell says when a run ends: sentences a person reads, module names as people know them,
// and the video's page at the end ("Open: /videos/<job_id>", which the browser turns into a link).
import { listInWords } from "@/lib/core/list-in-words";
import { moduleLabel } from "@/lib/pipeline/modules/registry";
import { isSetupNote } from "@/lib/pipeline/modules/setup-notes";

/** The marker the browser looks for (components/notifications/notification-text.ts). */
export const OPEN_PREFIX = "Open: ";

function videoPath(jobId: string): string {
  return `/videos/${jobId}`;
}

function seconds(s: number): string {
  return s < 60 ? `${s.toFixed(s < 10 ? 1 : 0)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

/** Run notes arrive as "<module>: <text>"; the module's name becomes its label. */
function splitNote(note: string): { module: string | null; text: string } {
  const m = /^([a-z_]+): ([\s\S]*)$/.exec(note);
  return m ? { module: m[1]!, text: m[2]! } : { module: null, text: note };
}

export const sentence = (t: string) => {
  const s = t.trim().replace(/^\w/, (c) => c.toUpperCase());
  return /[.!?]$/.test(s) ? s : `${s}.`;
};

export function runCompletedMessage(p: { name: string; jobId: string; processingTime: number; notes: string[] }): string {
  const parts = [`“${p.name}” was analysed in ${seconds(p.processingTime)}.`];
  // Notes about the install (no model) are said once, in the module picker, not on every run.
  const notes = p.notes.map(splitNote).filter((n) => !isSetupNote(n.text));
  // Notes about the whole run (a file that ends early) are said in full; modules' notes in short.
  for (const n of notes) if (!n.module) parts.push(sentence(n.text));
  const byModule = notes.filter((n) => n.module);
  if (byModule.length === 1) {
    const [n] = byModule;
    parts.push(`${moduleLabel(n!.module!)} left a note: ${sentence(n!.text)}`);
  } else if (byModule.length > 1) {
    const modules = [...new Set(byModule.map((n) => moduleLabel(n.module!)))];
    parts.push(`${listInWords(modules)} left notes; they are on the video's page.`);
  }
  parts.push(`${OPEN_PREFIX}${videoPath(p.jobId)}`);
  return parts.join(" ");
}

export function runFailedMessage(p: { name: string; jobId: string; error: string }): string {
  return `“${p.name}” could not be analysed: ${sentence(p.error)} ${OPEN_PREFIX}${videoPath(p.jobId)}`;
}
