// A session made by `ask` is titled from its first question: whitespace collapsed, at most 80
// characters, cut at a word boundary with an ellipsis when longer.
export const MAX_TITLE_CHARS = 80;

export function titleFromQuestion(question: string): string {
  const text = question.replace(/\s+/g, " ").trim();
  if (text.length <= MAX_TITLE_CHARS) return text || "New chat";
  const room = text.slice(0, MAX_TITLE_CHARS); // the ellipsis takes the 80th character
  const space = room.lastIndexOf(" ");
  // Cut at the last word boundary that still leaves room for the ellipsis; one very long word is cut hard.
  const cut = space >= MAX_TITLE_CHARS / 4 ? room.slice(0, space) : room.slice(0, MAX_TITLE_CHARS - 1);
  return `${cut.replace(/[\s,;:.!?—–-]+$/, "")}…`;
}
