// The one place that turns a time into a keyframe image for the scene and set-up descriptors.
// The decode pass's still nearest the time (a JPEG the pass already wrote; a seek only when the
// pass kept none near it), read back as small RGB.
import { readImageRgb } from "@/lib/analysis/visual/colors";
import type { SharedMedia } from "@/lib/analysis/shared-media";
import type { RgbImage } from "./keyframe-descriptor";

/** The picture at `time`, taken from inside `span` [start, end] (the shot) when given. */
export type KeyframeImageSource = (time: number, span?: [number, number]) => Promise<RgbImage | null>;

const W = 96;
const H = 54;

/** Images already read, per media (scenes and grouped shots read the same keyframes). */
const read = new WeakMap<object, Map<string, Promise<RgbImage | null>>>();

export function sharedKeyframeSource(shared: Pick<SharedMedia, "keyframeImage">, signal?: AbortSignal): KeyframeImageSource {
  let cache = read.get(shared);
  if (!cache) read.set(shared, (cache = new Map()));
  const images = cache;
  return (time, span) => {
    const key = `${time}|${span?.join("-") ?? ""}`;
    let image = images.get(key);
    if (!image) {
      image = Promise.resolve().then(async () => {
        try {
          const { file } = await shared.keyframeImage(time, span);
          return { rgb: await readImageRgb(file, W, H, signal), width: W, height: H };
        } catch {
          // No image (an unreadable frame, an aborted run): the shot is compared by its decode-pass
          // features only — and asked again next time.
          images.delete(key);
          return null;
        }
      });
      images.set(key, image);
    }
    return image;
  };
}
