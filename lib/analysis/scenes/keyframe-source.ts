// The one place that turns a time into a keyframe image for the scene and set-up descriptors.
// The decode pass's still nearest the time (a JPEG the pass already wrote; a seek only when the
// pass kept none near it), read back as small RGB.
import { readImageRgb } from "@/lib/analysis/visual/colors";
import type { SharedMedia } from "@/lib/pipeline/shared-media";
import type { RgbImage } from "./keyframe-descriptor";

export type KeyframeImageSource = (time: number) => Promise<RgbImage | null>;

const W = 96;
const H = 54;

export function sharedKeyframeSource(shared: Pick<SharedMedia, "keyframeImage">, signal?: AbortSignal): KeyframeImageSource {
  return async (time) => {
    try {
      const { file } = await shared.keyframeImage(time);
      return { rgb: await readImageRgb(file, W, H, signal), width: W, height: H };
    } catch {
      // No image (an unreadable frame): the shot is compared by its decode-pass features only.
      return null;
    }
  };
}
