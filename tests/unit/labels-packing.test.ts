// The zoomed-out looks of the labels packed on one detector square (lib/analysis/labels/detector.ts):
// where each copy sits, that a box found on a copy maps back to the picture, and when they do not fit.
import { describe, expect, it } from "vitest";
import { boxFromPlace, DETECTOR_SIDE, PACK_GAP, packZoomOuts, resizeRgb, type RgbImage } from "@/lib/analysis/labels/detector";

/** A grey-blue picture with one red rectangle at `box` ([x, y, w, h] fractions). */
function picture(width: number, height: number, box: [number, number, number, number]): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inBox = x >= box[0] * width && x < (box[0] + box[2]) * width && y >= box[1] * height && y < (box[1] + box[3]) * height;
      data.set(inBox ? [230, 20, 20] : [40, 60, 90], (y * width + x) * 3);
    }
  }
  return { data, width, height };
}

/** The bounding box ([x, y, w, h] fractions of the square) of the red pixels inside `place`. */
function redBox(sq: RgbImage, place: readonly number[]): [number, number, number, number] {
  let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
  for (let y = place[1]!; y < place[1]! + place[3]!; y++) {
    for (let x = place[0]!; x < place[0]! + place[2]!; x++) {
      const o = (y * sq.width + x) * 3;
      if (sq.data[o]! > 150 && sq.data[o + 1]! < 80) {
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x + 1);
        y1 = Math.max(y1, y + 1);
      }
    }
  }
  expect(x1).toBeGreaterThan(0);
  const S = sq.width;
  return [x0 / S, y0 / S, (x1 - x0) / S, (y1 - y0) / S];
}

describe("zoomed-out looks packed on one detector square", () => {
  it("puts a 16:9 keyframe's two copies at their own scales, apart, on grey, and maps a box on each back to the picture", () => {
    const box: [number, number, number, number] = [0.3, 0.25, 0.2, 0.4];
    const img = picture(512, 288, box);
    const packed = packZoomOuts(img, [1.6, 2.2]);
    expect(packed).not.toBeNull();
    const { canvas, places } = packed!;
    expect([canvas.width, canvas.height]).toEqual([DETECTOR_SIDE, DETECTOR_SIDE]);
    // The longer side of each copy is the detector's side shrunk by its factor.
    expect(places.map((p) => [p[2], p[3]])).toEqual([[320, 180], [233, 131]]);
    // Stacked across the shorter side with grey between, above and below.
    expect(places[0]![1]).toBeGreaterThanOrEqual(PACK_GAP);
    expect(places[1]![1] - (places[0]![1] + places[0]![3])).toBeGreaterThanOrEqual(PACK_GAP);
    expect(DETECTOR_SIDE - (places[1]![1] + places[1]![3])).toBeGreaterThanOrEqual(PACK_GAP);
    expect([...canvas.data.subarray(0, 3)]).toEqual([114, 114, 114]);
    for (const place of places) {
      const back = boxFromPlace(redBox(canvas, place), place)!;
      back.forEach((v, k) => expect(Math.abs(v - box[k]!)).toBeLessThan(0.012));
    }
  });

  it("places a portrait picture's copies side by side", () => {
    const packed = packZoomOuts(picture(288, 512, [0.1, 0.1, 0.3, 0.3]), [1.6, 2.2])!;
    expect(packed.places.map((p) => [p[2], p[3]])).toEqual([[180, 320], [131, 233]]);
    expect(packed.places[1]![0]).toBeGreaterThan(packed.places[0]![0] + 180);
  });

  it("does not pack a square picture (the copies do not fit apart): each look then runs alone", () => {
    expect(packZoomOuts(picture(400, 400, [0, 0, 0.5, 0.5]), [1.6, 2.2])).toBeNull();
    expect(packZoomOuts(picture(400, 400, [0, 0, 0.5, 0.5]), [1.6])).not.toBeNull();
  });

  it("gives a box no copy when its centre lies on the grey between them", () => {
    const packed = packZoomOuts(picture(512, 288, [0, 0, 0.1, 0.1]), [1.6, 2.2])!;
    const [, y0, , h0] = packed.places[0]!;
    const gapMid = (y0 + h0 + packed.places[1]![1]) / 2 / DETECTOR_SIDE;
    expect(boxFromPlace([0.4, gapMid - 0.01, 0.2, 0.02], packed.places[0]!)).toBeNull();
    expect(boxFromPlace([0.4, gapMid - 0.01, 0.2, 0.02], packed.places[1]!)).toBeNull();
  });

  it("resizes bilinearly without shifting the picture", () => {
    const img = picture(100, 50, [0.5, 0, 0.5, 1]);
    const half = resizeRgb(img, 50, 25);
    expect([half.width, half.height, half.data.length]).toEqual([50, 25, 50 * 25 * 3]);
    expect([...half.data.subarray((10 * 50 + 10) * 3, (10 * 50 + 10) * 3 + 3)]).toEqual([40, 60, 90]);
    expect([...half.data.subarray((10 * 50 + 40) * 3, (10 * 50 + 40) * 3 + 3)]).toEqual([230, 20, 20]);
  });
});
