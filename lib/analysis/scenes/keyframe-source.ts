// The one place that turns a time into a keyframe image for the scene and set-up descriptors.
// Today: the shared keyframe JPEG (the same 640-wide frames other modules extract, so cached) read
// back as small RGB. When the decode pass hands out small RGB keyframes, re-point this function.
import { readImageRgb } from "@/lib/analysis/visual/colors";
import type { SharedMedia } from "@/lib/pipeline/shared-media";
import type { RgbImage } from "./keyframe-descriptor";

export type KeyframeImageSource = (time: number) => Promise<RgbImage | null>;

const W = 96;
const H = 54;

export function sharedKeyframeSource(shared: Pick<SharedMedia, "keyframe">, signal?: AbortSignal): KeyframeImageSource {
  return async (time) => {
    try {
      const file = await shared.keyframe(time, 640);
      return { rgb: await readImageRgb(file, W, H, signal), width: W, height: H };
    } catch {
      // No image (an unreadable frame): the shot is compared by its decode-pass features only.
      return null;
    }
  };
}
