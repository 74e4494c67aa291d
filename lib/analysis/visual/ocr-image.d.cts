export interface RgbaImage {
  data: Uint8Array;
  width: number;
  height: number;
}
export class OcrImage implements RgbaImage {
  data: Uint8Array;
  width: number;
  height: number;
  constructor(image: RgbaImage);
  static open(file: string): Promise<OcrImage>;
  resize(size: { width?: number; height: number }): Promise<OcrImage>;
  fitInto(width: number, height: number): { image: OcrImage } & Placement;
}
/** Where an image sits in a scaled, letterboxed copy: copy (x, y) = image ((x - dx) / scale, (y - dy) / scale). */
export interface Placement {
  scale: number;
  dx: number;
  dy: number;
}
export function resample(image: RgbaImage, width: number, height: number): Uint8Array;
export function convexHull(points: number[][]): number[][];
export function minAreaRect(hull: number[][]): { corners: number[][]; width: number; height: number } | null;
export function splitIntoLineImages(mask: RgbaImage, source: RgbaImage, place?: Placement): Promise<{ box: number[][]; image: OcrImage }[]>;
