// Said once, in the chat's header, when no language model is configured: the answers are put
// together from the analysis itself (so no answer has to open with it).
export function ComposedOfflineNote({ project = false }: { project?: boolean }) {
  return (
    <span className="mt-1 block basis-full" data-testid="chat-composed-offline">
      Answers are composed from {project ? "the videos'" : "the video's"} analysis — its summary, what is said and what is shown — without a language
      model.
    </span>
  );
}
