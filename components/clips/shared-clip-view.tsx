"use client";
// /share/clip/[hash]: a clip someone shared, without signing in: its title, length and player.
// The link works until the owner stops sharing it (or deletes the clip).
import { PublicPage } from "@/components/shell/public-page";
import { Alert } from "@/components/ui/alert";
import { LoadingBlock, Spinner } from "@/components/ui/spinner";
import { useSharedClip } from "@/hooks/queries/clips";
import { errorDetail, isApiClientError } from "@/lib/browser/api-client";
import { formatDate, formatDuration } from "@/lib/browser/format";

export function SharedClipView({ hash }: { hash: string }) {
  const clip = useSharedClip(hash);
  return (
    <PublicPage width="max-w-3xl">
      {clip.isPending ? (
        <LoadingBlock label="Loading the shared clip…" />
      ) : clip.isError ? (
        <Alert tone="error" title={isApiClientError(clip.error, 404) ? "This link does not open a clip" : "Could not load the clip"}>
          {isApiClientError(clip.error, 404) ? "Its owner may have stopped sharing it, or deleted it. Ask whoever shared it for a new link." : errorDetail(clip.error)}
        </Alert>
      ) : (
        <>
          <p className="text-xs font-medium tracking-wide text-zinc-500 uppercase">Shared clip</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words text-zinc-900">{clip.data.title}</h1>
          <p className="mt-1 text-sm text-zinc-500">
            {formatDuration(clip.data.duration)} · made {formatDate(clip.data.created_at)}
          </p>
          {clip.data.stream_url ? (
            <video controls preload="metadata" src={clip.data.stream_url} className="mt-4 aspect-video w-full rounded-lg bg-black" data-testid="shared-clip-player" />
          ) : clip.data.status === "failed" ? (
            <Alert tone="error" className="mt-4">This clip could not be cut.</Alert>
          ) : (
            <p className="mt-4 flex items-center gap-2 text-sm text-zinc-600" role="status">
              <Spinner className="size-4" /> The clip is still being cut; it plays here as soon as it is ready.
            </p>
          )}
        </>
      )}
    </PublicPage>
  );
}
