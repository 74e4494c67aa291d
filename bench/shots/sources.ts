// Synthetic "shot" content for the shot-boundary bench: lavfi sources with motion, texture, grain.
// Each source returns a filtergraph fragment whose last statement is an open chain; the caller
// appends the common tail (scale to the clip size, grain, format, timebase) and the output label.

export type Rng = () => number;

/** mulberry32: small seeded PRNG so the evaluation set is the same on every machine. */
export function makeRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
export const between = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng();
const hex = (rng: Rng) =>
  "0x" + [0, 0, 0].map(() => Math.floor(between(rng, 20, 235)).toString(16).padStart(2, "0")).join("");
const f3 = (x: number) => x.toFixed(3);

export interface SourceCtx {
  /** Render size (≤ 640 wide; upscaled to the clip size by the tail). */
  rw: number;
  rh: number;
  fps: number;
  /** Seconds of content needed. */
  dur: number;
  rng: Rng;
  /** Unique prefix for internal labels. */
  id: string;
}

const FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";

export type SourceKind =
  | "testsrc2"
  | "mandelbrot"
  | "bars"
  | "gradients"
  | "life"
  | "cellauto"
  | "sierpinski"
  | "pan"
  | "title"
  | "shake"
  | "grain"
  | "rgbtest"
  | "darknoise";

export const SOURCES: Record<SourceKind, (c: SourceCtx, opts?: { speed?: number }) => string> = {
  testsrc2: ({ rw, rh, fps, dur, rng }) =>
    `testsrc2=s=${rw}x${rh}:r=${fps}:d=${f3(dur)},hue=h=${Math.floor(between(rng, 0, 360))}:s=${f3(between(rng, 0.6, 1.3))}`,
  mandelbrot: ({ rw, rh, fps, dur, rng }) => {
    const spots = [
      [-0.743643887, 0.131825904],
      [-0.75, 0.1],
      [-1.25066, 0.02012],
      [0.285, 0.01],
      [-0.1011, 0.9563],
    ];
    const [x, y] = pick(rng, spots);
    const s0 = between(rng, 0.02, 1.5);
    const frames = Math.ceil(dur * fps);
    return `mandelbrot=s=${rw}x${rh}:r=${fps}:maxiter=80:start_x=${x}:start_y=${y}:start_scale=${f3(s0)}:end_scale=${f3(s0 * between(rng, 0.2, 0.8))}:end_pts=${frames}:outer=normalized_iteration_count,hue=h=${Math.floor(between(rng, 0, 360))},trim=duration=${f3(dur)}`;
  },
  bars: ({ rw, rh, fps, dur, rng, id }) => {
    const bars = pick(rng, ["smptehdbars", "smptebars", "pal75bars", "pal100bars"]);
    const bw = Math.round(rw / 8);
    const speed = between(rng, 0.1, 0.4) * rw;
    return (
      `${bars}=s=${rw}x${rh}:r=${fps}:d=${f3(dur)}[${id}bg];` +
      `color=c=${hex(rng)}:s=${bw}x${bw}:r=${fps}:d=${f3(dur)}[${id}fg];` +
      `[${id}bg][${id}fg]overlay=x='mod(t*${f3(speed)},${rw - bw})':y='${Math.round(rh / 2)}+${Math.round(rh / 5)}*sin(t*2)'`
    );
  },
  gradients: ({ rw, rh, fps, dur, rng }) =>
    `gradients=s=${rw}x${rh}:r=${fps}:d=${f3(dur)}:c0=${hex(rng)}:c1=${hex(rng)}:c2=${hex(rng)}:nb_colors=3:speed=${f3(between(rng, 0.005, 0.03))}:seed=${Math.floor(rng() * 1e6)}`,
  // Starts after a 4 s warm-up: the random initial soup settling is a picture change of its own.
  life: ({ rw, rh, fps, dur, rng }) =>
    `life=s=${Math.round(rw / 4)}x${Math.round(rh / 4)}:r=${fps}:mold=10:ratio=${f3(between(rng, 0.1, 0.5))}:seed=${Math.floor(rng() * 1e6)}:life_color=${hex(rng)}:death_color=${hex(rng)}:mold_color=${hex(rng)},trim=start_frame=${4 * fps},setpts=N/${fps}/TB,scale=${rw}:${rh}:flags=neighbor,trim=duration=${f3(dur)}`,
  cellauto: ({ rw, rh, fps, dur, rng }) =>
    `cellauto=s=${Math.round(rw / 4)}x${Math.round(rh / 4)}:r=${fps}:rule=${pick(rng, [18, 30, 90, 110, 126, 150])}:random_fill_ratio=${f3(between(rng, 0.2, 0.6))}:seed=${Math.floor(rng() * 1e6)},format=rgb24,scale=${rw}:${rh}:flags=bilinear,colorchannelmixer=rr=${f3(between(rng, 0.3, 1))}:gg=${f3(between(rng, 0.3, 1))}:bb=${f3(between(rng, 0.3, 1))},trim=duration=${f3(dur)}`,
  sierpinski: ({ rw, rh, fps, dur, rng }) =>
    `sierpinski=s=${rw}x${rh}:r=${fps}:type=${pick(rng, ["carpet", "triangle"])}:jump=${Math.floor(between(rng, 1, 4))}:seed=${Math.floor(rng() * 1e6)},hue=h=${Math.floor(between(rng, 0, 360))},trim=duration=${f3(dur)}`,
  // Camera pan over a larger still texture; `speed` = screen widths per second at the fastest point.
  pan: ({ rw, rh, fps, dur, rng }, opts) => {
    const speed = opts?.speed ?? between(rng, 0.1, 0.5);
    const bigW = rw * 3;
    const bigH = rh * 2;
    const ampX = bigW - rw;
    const period = (Math.PI * ampX) / (speed * rw); // max |dx/dt| = π·amp/period
    const phase = between(rng, 0, 6.28);
    const tex = pick(rng, ["mandel", "testsrc", "life"]);
    const texture =
      tex === "mandel"
        ? `mandelbrot=s=${bigW}x${bigH}:r=${fps}:maxiter=60:start_scale=${f3(between(rng, 0.3, 2))}:end_scale=${f3(between(rng, 0.3, 2))}:end_pts=1,trim=end_frame=1,loop=loop=-1:size=1,hue=h=${Math.floor(between(rng, 0, 360))}`
        : tex === "testsrc"
          ? `testsrc=s=${bigW}x${bigH}:r=${fps}:d=1,trim=end_frame=1,loop=loop=-1:size=1`
          : `life=s=${Math.round(bigW / 4)}x${Math.round(bigH / 4)}:r=${fps}:ratio=0.4:seed=${Math.floor(rng() * 1e6)}:life_color=${hex(rng)}:death_color=${hex(rng)},trim=end_frame=1,loop=loop=-1:size=1,scale=${bigW}:${bigH}:flags=bicubic`;
    return `${texture},setpts=N/${fps}/TB,crop=${rw}:${rh}:x='${ampX}*(0.5-0.5*cos(2*PI*t/${f3(period)}+${f3(phase)}))':y='${bigH - rh}*(0.5-0.5*sin(2*PI*t/${f3(period * 1.7)}))',trim=duration=${f3(dur)}`;
  },
  // Hand-held camera: jitter of a few percent of the frame at 5–13 Hz over a still texture.
  shake: ({ rw, rh, fps, dur, rng }) => {
    const a = between(rng, 0.02, 0.06) * rw;
    return `testsrc=s=${Math.round(rw * 1.3)}x${Math.round(rh * 1.3)}:r=${fps}:d=1,trim=end_frame=1,loop=loop=-1:size=1,setpts=N/${fps}/TB,hue=h=${Math.floor(between(rng, 0, 360))},crop=${rw}:${rh}:x='${f3(0.15 * rw)}+${f3(a)}*sin(2*PI*7*t)+${f3(a / 2)}*sin(2*PI*13*t+1)':y='${f3(0.15 * rh)}+${f3(a * 0.6)}*sin(2*PI*5*t+2)',trim=duration=${f3(dur)}`;
  },
  title: ({ rw, rh, fps, dur, rng }) => {
    const words = pick(rng, ["CHAPTER ONE", "The Results", "Q3 REVIEW", "Thank you", "INTERMISSION", "Next - weather"]);
    const scroll = rng() < 0.5;
    const y = scroll ? `h-t*${Math.round(rh / 4)}` : "(h-th)/2";
    return `color=c=${hex(rng)}:s=${rw}x${rh}:r=${fps}:d=${f3(dur)},drawtext=fontfile=${FONT}:text='${words}':fontcolor=${pick(rng, ["white", "yellow", "black"])}:fontsize=${Math.round(rh / 7)}:x=(w-tw)/2:y=${y}`;
  },
  grain: ({ rw, rh, fps, dur, rng }) =>
    `color=c=${hex(rng)}:s=${rw}x${rh}:r=${fps}:d=${f3(dur)},noise=alls=${Math.floor(between(rng, 8, 25))}:allf=t+u`,
  // Near-black footage: sensor noise, a dim object drifting, noise level flickering.
  darknoise: ({ rw, rh, fps, dur, rng, id }) => {
    const g = Math.floor(between(rng, 8, 24));
    const c = `0x${g.toString(16).padStart(2, "0").repeat(3)}`;
    const bw = Math.round(rw / 5);
    return (
      `color=c=${c}:s=${rw}x${rh}:r=${fps}:d=${f3(dur)}[${id}bg];` +
      `color=c=0x303848:s=${bw}x${bw}:r=${fps}:d=${f3(dur)}[${id}fg];` +
      `[${id}bg][${id}fg]overlay=x='${rw / 2}+${rw / 3}*sin(t/3)':y='${rh / 3}',noise=alls=${Math.floor(between(rng, 12, 30))}:allf=t+u`
    );
  },
  rgbtest: ({ rw, rh, fps, dur, rng }) =>
    `${pick(rng, ["rgbtestsrc", "yuvtestsrc", "testsrc"])}=s=${rw}x${rh}:r=${fps}:d=${f3(dur)},hue=h=${Math.floor(between(rng, 0, 360))}`,
};

export const SHOT_KINDS: SourceKind[] = [
  "testsrc2",
  "mandelbrot",
  "bars",
  "gradients",
  "life",
  "cellauto",
  "sierpinski",
  "pan",
  "pan",
  "title",
  "grain",
  "rgbtest",
  "darknoise",
  "testsrc2",
  "mandelbrot",
];
