// The chat page's address holds what it shows, so a conversation can be linked and reloaded:
// /chat?video=<job id>&session=<session id>.

export function chatHref(params: { video?: string | null; session?: string | null } = {}): string {
  const q = new URLSearchParams();
  if (params.video) q.set("video", params.video);
  if (params.session) q.set("session", params.session);
  const qs = q.toString();
  return qs ? `/chat?${qs}` : "/chat";
}
