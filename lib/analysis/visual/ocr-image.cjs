// Image handling of the offline OCR in plain JavaScript, so that the OCR host needs neither sharp
// (libvips) nor opencv.js (a 10 MB script whose load alone measured +55…79 MB RSS):
//   - OcrImage: @gutenye/ocr-common's ImageRaw backend (RGBA; open, resize) — frames are decoded by
//     ffmpeg, resized with Lanczos-3 as sharp does;
//   - splitIntoLineImages: the DB text detector's post-processing as @gutenye/ocr-common does it
//     with OpenCV (each text region of the probability map → its minimum-area rectangle → grown by
//     area × 1.5 / perimeter → that rectangle cut out of the image, upright), here with connected
//     components and rotating calipers.
// Plain CommonJS: loaded by path in the OCR host process (lib/ai/onnx-host.child.mjs), never bundled.
"use strict";
const { spawnSync } = require("node:child_process");

/** An RGBA image, the shape @gutenye/ocr-common's ImageRawBase has. */
class OcrImage {
  constructor({ data, width, height }) {
    this.data = data;
    this.width = width;
    this.height = height;
  }
  getImageRawData() {
    return { data: this.data, width: this.width, height: this.height };
  }
  /** Decodes an image file (JPEG, PNG…) with ffmpeg; showinfo on stderr gives its size. */
  static async open(file) {
    const r = spawnSync(process.env.FFMPEG_PATH || "ffmpeg", ["-hide_banner", "-nostats", "-v", "info", "-i", file, "-frames:v", "1",
      "-vf", "showinfo", "-f", "rawvideo", "-pix_fmt", "rgba", "-"], { maxBuffer: 1 << 30 });
    const err = r.stderr ? r.stderr.toString("utf8") : "";
    const m = /\bs:(\d+)x(\d+)\b/.exec(err);
    if (r.status !== 0 || !m) throw new Error(`the image could not be decoded (${(r.error && r.error.message) || err.trim().split("\n").pop()})`);
    const width = Number(m[1]);
    const height = Number(m[2]);
    const out = r.stdout;
    if (out.length !== width * height * 4) throw new Error("the image could not be decoded");
    return new OcrImage({ data: new Uint8Array(out.buffer, out.byteOffset, out.length), width, height });
  }
  /**
   * { width, height }: scaled to fit inside, centred on black (sharp's fit "contain");
   * { height } alone: scaled to that height, width in proportion.
   */
  async resize(size) {
    if (size.width === undefined) {
      const h = size.height;
      const w = Math.max(1, Math.round((this.width * h) / this.height));
      return new OcrImage({ data: resample(this, w, h), width: w, height: h });
    }
    return this.fitInto(size.width, size.height).image;
  }
  /**
   * Scaled to fit inside width × height, centred on black; with where the image landed, so that a
   * point (x, y) of the result is ((x - dx) / scale, (y - dy) / scale) of this image.
   */
  fitInto(width, height) {
    const scale = Math.min(width / this.width, height / this.height);
    const w = Math.max(1, Math.round(this.width * scale));
    const h = Math.max(1, Math.round(this.height * scale));
    const inner = w === this.width && h === this.height ? this.data : resample(this, w, h);
    const out = new Uint8Array(width * height * 4);
    for (let i = 3; i < out.length; i += 4) out[i] = 255;
    const dx = Math.floor((width - w) / 2);
    const dy = Math.floor((height - h) / 2);
    for (let y = 0; y < h; y++) out.set(inner.subarray(y * w * 4, (y + 1) * w * 4), ((y + dy) * width + dx) * 4);
    return { image: new OcrImage({ data: out, width, height }), scale: w / this.width, dx, dy };
  }
  async write() {
    throw new Error("OCR debug images are not supported");
  }
  async drawBox() {
    throw new Error("OCR debug images are not supported");
  }
}

const lanczos3 = (x) => {
  if (x === 0) return 1;
  if (x <= -3 || x >= 3) return 0;
  const px = Math.PI * x;
  return (3 * Math.sin(px) * Math.sin(px / 3)) / (px * px);
};

/** Per output pixel along one axis: the first source index and the normalised Lanczos-3 weights (widened when shrinking). */
function kernel(src, dst) {
  const scale = dst / src;
  const support = scale < 1 ? 3 / scale : 3;
  const stretch = scale < 1 ? scale : 1;
  const out = [];
  for (let i = 0; i < dst; i++) {
    const centre = (i + 0.5) / scale - 0.5;
    const first = Math.max(0, Math.ceil(centre - support));
    const last = Math.min(src - 1, Math.floor(centre + support));
    const weights = [];
    let sum = 0;
    for (let j = first; j <= last; j++) {
      const w = lanczos3((j - centre) * stretch);
      weights.push(w);
      sum += w;
    }
    out.push({ first, weights: weights.map((w) => w / (sum || 1)) });
  }
  return out;
}

/** Separable Lanczos-3 resampling of an RGBA image to w × h (as sharp resizes by default). */
function resample(img, w, h) {
  const { data, width: sw, height: sh } = img;
  const kx = kernel(sw, w);
  const ky = kernel(sh, h);
  const mid = new Float32Array(w * sh * 4);
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < w; x++) {
      const { first, weights } = kx[x];
      const o = (y * w + x) * 4;
      for (let t = 0; t < weights.length; t++) {
        const s = (y * sw + first + t) * 4;
        const wt = weights[t];
        mid[o] += data[s] * wt;
        mid[o + 1] += data[s + 1] * wt;
        mid[o + 2] += data[s + 2] * wt;
        mid[o + 3] += data[s + 3] * wt;
      }
    }
  }
  const out = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    const { first, weights } = ky[y];
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * 4;
      for (let k = 0; k < 4; k++) {
        let v = 0;
        for (let t = 0; t < weights.length; t++) v += mid[((first + t) * w + x) * 4 + k] * weights[t];
        out[o + k] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
      }
    }
  }
  return out;
}

// ---- text regions → line images ----

/** Convex hull (monotone chain) of [x, y] points, counter-clockwise, no collinear points. */
function convexHull(points) {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (p.length < 3) return p;
  const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper = [];
  for (let i = p.length - 1; i >= 0; i--) {
    const q = p[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop();
    upper.push(q);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/**
 * Minimum-area enclosing rectangle of a convex polygon (rotating calipers: one side lies on a hull
 * edge): its four corners and its side lengths, as OpenCV's minAreaRect + boxPoints give them.
 */
function minAreaRect(hull) {
  if (hull.length < 3) return null;
  let best = null;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i];
    const b = hull[(i + 1) % hull.length];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (!len) continue;
    const ux = (b[0] - a[0]) / len;
    const uy = (b[1] - a[1]) / len;
    let minU = Infinity, maxU = -Infinity, minV = Infinity, maxV = -Infinity;
    for (const q of hull) {
      const pu = q[0] * ux + q[1] * uy;
      const pv = -q[0] * uy + q[1] * ux;
      if (pu < minU) minU = pu;
      if (pu > maxU) maxU = pu;
      if (pv < minV) minV = pv;
      if (pv > maxV) maxV = pv;
    }
    const area = (maxU - minU) * (maxV - minV);
    if (!best || area < best.area) best = { area, ux, uy, minU, maxU, minV, maxV };
  }
  if (!best) return null;
  const { ux, uy } = best;
  const at = (u, v) => [u * ux - v * uy, u * uy + v * ux];
  return {
    corners: [at(best.minU, best.minV), at(best.maxU, best.minV), at(best.maxU, best.maxV), at(best.minU, best.maxV)],
    width: best.maxU - best.minU,
    height: best.maxV - best.minV,
  };
}

/** The rectangle grown by d on every side (what unclipping a rectangle and re-fitting one gives). */
function grow(rect, d) {
  const [c0, c1, , c3] = rect.corners;
  const lu = Math.hypot(c1[0] - c0[0], c1[1] - c0[1]) || 1;
  const lv = Math.hypot(c3[0] - c0[0], c3[1] - c0[1]) || 1;
  const u = [(c1[0] - c0[0]) / lu, (c1[1] - c0[1]) / lu];
  const v = [(c3[0] - c0[0]) / lv, (c3[1] - c0[1]) / lv];
  const signs = [[-1, -1], [1, -1], [1, 1], [-1, 1]];
  return {
    corners: rect.corners.map((c, i) => [c[0] + d * (signs[i][0] * u[0] + signs[i][1] * v[0]), c[1] + d * (signs[i][0] * u[1] + signs[i][1] * v[1])]),
    width: rect.width + 2 * d,
    height: rect.height + 2 * d,
  };
}

/** @gutenye/ocr-common's corner order: of the two leftmost the upper first, then the rightmost upper, lower, the leftmost lower. */
function miniBox(corners) {
  const points = [...corners].sort((a, b) => a[0] - b[0]);
  const [i1, i4] = points[1][1] > points[0][1] ? [0, 1] : [1, 0];
  const [i2, i3] = points[3][1] > points[2][1] ? [2, 3] : [3, 2];
  return [points[i1], points[i2], points[i3], points[i4]];
}

/** @gutenye/ocr-common's orderPointsClockwise (it returns the same point arrays, so clipping them clips the box). */
function orderPointsClockwise(pts) {
  const rect = [[0, 0], [0, 0], [0, 0], [0, 0]];
  const s = pts.map((pt) => pt[0] + pt[1]);
  rect[0] = pts[s.indexOf(Math.min(...s))];
  rect[2] = pts[s.indexOf(Math.max(...s))];
  const tmp = pts.filter((pt) => pt !== rect[0] && pt !== rect[2]);
  const diff = tmp[1].map((e, i) => e - tmp[0][i]);
  rect[1] = tmp[diff.indexOf(Math.min(...diff))];
  rect[3] = tmp[diff.indexOf(Math.max(...diff))];
  return rect;
}

const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
const int = (n) => (n > 0 ? Math.floor(n) : Math.ceil(n));

/** Homography taking the four `from` points to the four `to` points (3×3, row-major, h33 = 1). */
function homography(from, to) {
  const A = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i];
    const [u, v] = to[i];
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let piv = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(A[r][c]) > Math.abs(A[piv][c])) piv = r;
    [A[c], A[piv]] = [A[piv], A[c]];
    if (Math.abs(A[c][c]) < 1e-12) return null;
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = A[r][c] / A[c][c];
      for (let k = c; k < 9; k++) A[r][k] -= f * A[c][k];
    }
  }
  return [...A.map((row, i) => row[8] / row[i]), 1];
}

/** The quadrilateral `points` (clockwise from top-left) cut out of the image, upright (bicubic, edges repeated). */
function rotateCrop(img, points) {
  const W = int(Math.max(dist(points[0], points[1]), dist(points[2], points[3])));
  const H = int(Math.max(dist(points[0], points[3]), dist(points[1], points[2])));
  const M = homography([[0, 0], [W, 0], [W, H], [0, H]], points);
  const out = new Uint8Array(Math.max(0, W * H * 4));
  if (!M || !W || !H) return new OcrImage({ data: out, width: Math.max(W, 0), height: Math.max(H, 0) });
  const { data, width: sw, height: sh } = img;
  const px = (x, y, k) => data[(Math.min(sh - 1, Math.max(0, y)) * sw + Math.min(sw - 1, Math.max(0, x))) * 4 + k];
  // Bicubic (a = -0.75, OpenCV's INTER_CUBIC), edges repeated.
  const cubic = (t) => {
    const a = -0.75;
    const x = Math.abs(t);
    return x <= 1 ? ((a + 2) * x - (a + 3)) * x * x + 1 : x < 2 ? ((a * x - 5 * a) * x + 8 * a) * x - 4 * a : 0;
  };
  const wxs = [0, 0, 0, 0];
  const wys = [0, 0, 0, 0];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const z = M[6] * x + M[7] * y + M[8];
      const sx = (M[0] * x + M[1] * y + M[2]) / z;
      const sy = (M[3] * x + M[4] * y + M[5]) / z;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      for (let i = 0; i < 4; i++) {
        wxs[i] = cubic(sx - (x0 - 1 + i));
        wys[i] = cubic(sy - (y0 - 1 + i));
      }
      const o = (y * W + x) * 4;
      for (let k = 0; k < 4; k++) {
        let v = 0;
        for (let j = 0; j < 4; j++) {
          let row = 0;
          for (let i = 0; i < 4; i++) row += px(x0 - 1 + i, y0 - 1 + j, k) * wxs[i];
          v += row * wys[j];
        }
        out[o + k] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
      }
    }
  }
  if (H / W < 1.5) return new OcrImage({ data: out, width: W, height: H });
  // Standing lines are turned a quarter counter-clockwise, as @gutenye/ocr-common does.
  const rot = new Uint8Array(out.length);
  for (let y = 0; y < W; y++) {
    for (let x = 0; x < H; x++) {
      const s = (x * W + (W - 1 - y)) * 4;
      rot.set(out.subarray(s, s + 4), (y * H + x) * 4);
    }
  }
  return new OcrImage({ data: rot, width: H, height: W });
}

/**
 * The detector's binary map (RGBA, text white) → one upright line image per text region of the
 * source image, with its box (four [x, y] corners in source pixels), as @gutenye/ocr-common's
 * OpenCV version: regions whose fitted rectangle is under 3 px thick are dropped, the rectangle is
 * grown by area × 1.5 / perimeter and dropped if then under 5 px. Regions are 8-connected
 * components (holes inside a region are not regions of their own).
 * `place` says where the source sits in the map (OcrImage.fitInto's { scale, dx, dy }): the map can
 * be a smaller, letterboxed copy while the lines are cut from the full-size source. Without it the
 * map is the source stretched to the map's size.
 */
async function splitIntoLineImages(mask, source, place) {
  const w = mask.width;
  const h = mask.height;
  const seen = new Uint8Array(w * h);
  const on = (i) => mask.data[i * 4] > 0;
  const rx = place ? 1 / place.scale : source.width / w;
  const ry = place ? 1 / place.scale : source.height / h;
  const ox = place ? place.dx : 0;
  const oy = place ? place.dy : 0;
  const lines = [];
  const stack = new Int32Array(w * h);
  for (let start = 0; start < w * h; start++) {
    if (seen[start] || !on(start)) continue;
    // Flood fill; the hull of a region is the hull of each row's leftmost and rightmost pixels.
    const rows = new Map();
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    while (top) {
      const i = stack[--top];
      const x = i % w;
      const y = (i - x) / w;
      const r = rows.get(y);
      if (!r) rows.set(y, [x, x]);
      else if (x < r[0]) r[0] = x;
      else if (x > r[1]) r[1] = x;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= w) continue;
          const j = ny * w + nx;
          if (!seen[j] && on(j)) {
            seen[j] = 1;
            stack[top++] = j;
          }
        }
      }
    }
    const points = [];
    for (const [y, [x0, x1]] of rows) {
      points.push([x0, y]);
      if (x1 !== x0) points.push([x1, y]);
    }
    const rect = minAreaRect(convexHull(points));
    if (!rect || Math.min(rect.width, rect.height) < 3) continue;
    const d = (rect.width * rect.height * 1.5) / (2 * (rect.width + rect.height));
    const grown = grow(rect, d);
    if (Math.min(grown.width, grown.height) < 5) continue;
    const box = miniBox(grown.corners).map((p) => [(p[0] - ox) * rx, (p[1] - oy) * ry]);
    const ordered = orderPointsClockwise(box);
    for (const p of ordered) {
      p[0] = Math.min(source.width, Math.max(0, Math.round(p[0])));
      p[1] = Math.min(source.height, Math.max(0, Math.round(p[1])));
    }
    if (int(dist(ordered[0], ordered[1])) <= 3 || int(dist(ordered[0], ordered[3])) <= 3) continue;
    lines.push({ box, image: rotateCrop(source, box) });
  }
  return lines;
}

module.exports = { OcrImage, resample, splitIntoLineImages, convexHull, minAreaRect };
