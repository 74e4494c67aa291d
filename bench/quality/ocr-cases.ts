// Real photos with legible text for the OCR benches (bench/quality/ocr.ts and the text gate's
// calibration, bench/pipeline/text-gate.ts): text rendered with ffmpeg drawtext in several fonts,
// sizes, colours and places, and the OpenCV sample of a photographed printed page.
import { execFileSync } from "node:child_process";

const SK = "usr/lib/python3/dist-packages/skimage/data";
const CV = "usr/share/doc/opencv-doc/examples/data";
export const FONTS = "/usr/share/fonts/truetype";
export const OCR_CASES: { photo: string; text: string; font: string; size: number; colour: string; x: string; y: string }[] = [
  { photo: `${CV}/leuvenA.jpg`, text: "THE DURIAN OPEN MOVIE PROJECT", font: "dejavu/DejaVuSerif.ttf", size: 30, colour: "white", x: "(w-tw)/2", y: "h*0.4" },
  { photo: `${SK}/coffee.png`, text: "FRESH COFFEE DAILY", font: "dejavu/DejaVuSans-Bold.ttf", size: 34, colour: "yellow", x: "20", y: "20" },
  { photo: `${CV}/building.jpg`, text: "Grand Hotel Reception", font: "liberation/LiberationSerif-Bold.ttf", size: 32, colour: "white", x: "(w-tw)/2", y: "h-60" },
  { photo: `${SK}/motorcycle_left.png`, text: "Open 24 hours", font: "liberation/LiberationSans-Regular.ttf", size: 30, colour: "white", x: "30", y: "h-50" },
  { photo: `${CV}/messi5.jpg`, text: "FINAL SCORE 2 - 1", font: "dejavu/DejaVuSansCondensed-Bold.ttf", size: 30, colour: "white", x: "w-tw-20", y: "20" },
  { photo: `${SK}/rocket.jpg`, text: "Launch window opens at dawn", font: "dejavu/DejaVuSans.ttf", size: 24, colour: "white", x: "20", y: "h-40" },
  { photo: `${CV}/home.jpg`, text: "Welcome to the Palace Museum", font: "liberation/LiberationSerif-Regular.ttf", size: 28, colour: "black", x: "20", y: "h-50" },
  { photo: `${CV}/fruits.jpg`, text: "Oranges and lemons sale", font: "liberation/LiberationSansNarrow-Bold.ttf", size: 34, colour: "white", x: "20", y: "20" },
  { photo: `${SK}/astronaut.png`, text: "MISSION CONTROL HOUSTON", font: "dejavu/DejaVuSansMono-Bold.ttf", size: 24, colour: "white", x: "(w-tw)/2", y: "h-40" },
  { photo: `${CV}/licenseplate_motion.jpg`, text: "No parking any time", font: "liberation/LiberationSans-Bold.ttf", size: 28, colour: "yellow", x: "20", y: "20" },
];
/** The printed page photographed (OpenCV sample): its first two lines, as printed. */
export const OCR_PAGE = { photo: `${CV}/imageTextN.png`, text: "technical details are too complex to cover in the book itself. In teaching our courses, we have found it useful for the students to attempt a number of" };


type OcrCase = (typeof OCR_CASES)[number];

/** Writes `c` as the JPEG `out` (≤ 960 px wide, like a keyframe); `photo` is the case's photo file. */
export function renderOcrCase(photo: string, c: OcrCase, out: string): void {
  const text = c.text.replace(/[:']/g, "\\$&");
  execFileSync("ffmpeg", ["-v", "error", "-y", "-i", photo, "-vf",
    `scale='min(960,iw)':-2,drawtext=fontfile=${FONTS}/${c.font}:text='${text}':fontsize=${c.size}:fontcolor=${c.colour}:x=${c.x}:y=${c.y}`,
    "-q:v", "3", out]);
}

/** Writes a photo as it comes (≤ 960 px wide) as the JPEG `out`. */
export function renderPhoto(photo: string, out: string): void {
  execFileSync("ffmpeg", ["-v", "error", "-y", "-i", photo, "-vf", "scale='min(960,iw)':-2", "-q:v", "3", out]);
}
