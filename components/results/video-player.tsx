"use client";
// The results player: the HLS rendition through hls.js (native HLS where there is no Media
// Source, as on iPhones), falling back to the source file, and an honest message when neither
// plays. Native controls: keyboard, captions and phones come for free. The transcript, when there
// is one, is a captions track shown by default.
import { useCallback, useEffect, useRef, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { toThisOrigin } from "@/lib/browser/upload";
import type { PlayerStore } from "./player-store";
import { PlayerProgress, type ChapterMark } from "./player-progress";

export interface PlayerSources {
  stream_url?: string | null;
  playback_url?: string | null;
  thumbnail_url?: string | null;
}

type Mode = "loading" | "hls" | "native-hls" | "direct" | "unavailable";

export function VideoPlayer({
  store,
  sources,
  sourceKey,
  title,
  captionsUrl,
  chapters,
  duration = 0,
}: {
  store: PlayerStore;
  sources: PlayerSources;
  /** Changes when the sources are worth trying again (e.g. a run made the HLS stream). */
  sourceKey: string;
  title: string;
  /** The transcript as a WebVTT track, shown by default (null when the video has none). */
  captionsUrl?: string | null;
  /** Chapter marks on the progress bar under the picture (none: no bar). */
  chapters?: readonly ChapterMark[];
  duration?: number;
}) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [mode, setMode] = useState<Mode>("loading");
  const [problem, setProblem] = useState<string | null>(null);
  const [posterOk, setPosterOk] = useState(true);
  const [hasMedia, setHasMedia] = useState(false);
  // Signed URLs get a fresh token on every fetch of the video; the player keeps the first ones.
  const latest = useRef(sources);
  useEffect(() => {
    latest.current = sources;
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let destroy = () => {};
    let direct = false;
    const { stream_url, playback_url } = latest.current;
    setProblem(null);
    setMode("loading");
    setHasMedia(video.readyState >= 1);
    const onLoaded = () => !cancelled && setHasMedia(true);
    video.addEventListener("loadedmetadata", onLoaded);
    store.sourceChanged();

    const playDirect = () => {
      if (cancelled) return;
      destroy();
      destroy = () => {};
      if (!playback_url) {
        setMode("unavailable");
        setProblem("There is no playable file for this video.");
        return;
      }
      direct = true;
      setMode("direct");
      video.src = toThisOrigin(playback_url);
      video.load();
    };

    const onError = () => {
      if (cancelled) return;
      const err = video.error;
      if (direct) {
        setMode("unavailable");
        setProblem(
          err?.code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED
            ? "This browser cannot play this file’s format. The analysis is unaffected; a preview appears once processing has made a web version."
            : "The video could not be loaded for playback.",
        );
      } else {
        playDirect();
      }
    };
    video.addEventListener("error", onError);

    (async () => {
      if (!stream_url) return playDirect();
      const hlsUrl = toThisOrigin(stream_url);
      const { default: Hls } = await import("hls.js");
      if (cancelled) return;
      if (Hls.isSupported()) {
        const hls = new Hls({
          // Segment URLs are signed for the configured host; fetch them from this one (see toThisOrigin).
          xhrSetup: (xhr, url) => {
            const here = toThisOrigin(url);
            if (here !== url) xhr.open("GET", here, true);
          },
          maxBufferLength: 30,
        });
        destroy = () => hls.destroy();
        let recovered = false;
        let parsed = false;
        hls.on(Hls.Events.ERROR, (_e, data) => {
          if (!data.fatal || cancelled) return;
          // The usual hls.js recovery, once: reload after a network hiccup, rebuild after a media error.
          if (parsed && !recovered && data.type === Hls.ErrorTypes.NETWORK_ERROR) {
            recovered = true;
            hls.startLoad();
            return;
          }
          if (!recovered && data.type === Hls.ErrorTypes.MEDIA_ERROR) {
            recovered = true;
            hls.recoverMediaError();
            return;
          }
          // No stream yet (404 before a run made it) or a broken one: play the source file.
          playDirect();
        });
        hls.on(Hls.Events.MANIFEST_PARSED, () => {
          parsed = true;
          if (!cancelled) setMode("hls");
        });
        hls.loadSource(hlsUrl);
        hls.attachMedia(video);
        // A stream that never delivers a frame is no better than none.
        const watchdog = setTimeout(() => {
          if (!cancelled && video.readyState === 0 && !direct) playDirect();
        }, 15_000);
        const destroyHls = destroy;
        destroy = () => {
          clearTimeout(watchdog);
          destroyHls();
        };
      } else if (video.canPlayType("application/vnd.apple.mpegurl")) {
        setMode("native-hls");
        video.src = hlsUrl;
      } else {
        playDirect();
      }
    })().catch(() => playDirect());

    return () => {
      cancelled = true;
      video.removeEventListener("error", onError);
      video.removeEventListener("loadedmetadata", onLoaded);
      destroy();
    };
  }, [sourceKey, store]);

  const setVideo = useCallback(
    (el: HTMLVideoElement | null) => {
      videoRef.current = el;
      store.attach(el);
    },
    [store],
  );

  return (
    <div className="relative overflow-hidden rounded-xl bg-zinc-950 shadow-sm">
      <video
        ref={setVideo}
        controls
        playsInline
        preload="metadata"
        poster={posterOk && sources.thumbnail_url ? toThisOrigin(sources.thumbnail_url) : undefined}
        aria-label={`Video: ${title}`}
        data-testid="results-video"
        data-mode={mode}
        className="aspect-video w-full bg-zinc-950"
      >
        {captionsUrl && <track kind="captions" src={toThisOrigin(captionsUrl)} srcLang="en" label="Transcript" default />}
      </video>
      {chapters && chapters.length > 1 && <PlayerProgress store={store} chapters={chapters} duration={duration} />}
      {/* A poster that 404s (no thumbnail yet) must not leave a broken image. */}
      {sources.thumbnail_url && posterOk && (
        // eslint-disable-next-line @next/next/no-img-element -- a hidden probe of the signed poster URL, never shown
        <img src={toThisOrigin(sources.thumbnail_url)} alt="" hidden onError={() => setPosterOk(false)} />
      )}
      {mode === "loading" && !hasMedia && (
        <div className="pointer-events-none absolute inset-0 grid place-items-center text-zinc-400">
          <Spinner className="size-6" />
        </div>
      )}
      {mode === "unavailable" && (
        <div className="absolute inset-0 grid place-items-center bg-zinc-900 p-6 text-center" role="status">
          <div className="max-w-sm">
            <p className="text-sm font-medium text-white">Preview unavailable</p>
            <p className="mt-1 text-sm text-zinc-400">{problem}</p>
          </div>
        </div>
      )}
    </div>
  );
}
