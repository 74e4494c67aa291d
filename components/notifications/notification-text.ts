// A notification's message ends with "Open: /videos/<job_id>" when it is about a video
// (lib/notifications/run-messages.ts): the bell shows the text and a link instead of the path.
// A clip's ends with "Open: /clips?clip=<clip_id>" (lib/clips/clip-worker.ts). Only same-site
// video and clip paths become links.
const LINK = /\s*Open: (\/videos\/[0-9A-Za-z-]{1,64}|\/clips\?clip=[0-9a-f-]{36})\s*$/;

export function splitNotificationLink(message: string): { text: string; href: string | null } {
  const m = LINK.exec(message);
  return m ? { text: message.slice(0, m.index), href: m[1]! } : { text: message, href: null };
}
