// Reading PaddleOCR's recogniser output with the spaces that were printed. The Chinese-English
// PP-OCRv4 recogniser rarely emits its space class between Latin words, so @gutenye/ocr-common's
// greedy CTC decoding glues them ("DURIANOPENMOVIE"). Each character is emitted at a time step
// (a column of the line image, 8 px at 48 px height). Between two words the space class still
// gets real probability on the steps between them, while staying near zero inside a word: that,
// or a gap much wider than the line's character pitch, is a space. The OCR host
// (lib/ai/onnx-host.child.mjs) decodes with this instead of the package's decoder.
// Plain CommonJS (types in ocr-decode.d.cts): the OCR host loads it by path, unbundled.
"use strict";

/** The space class reaching this probability between two characters marks a space… */
const SPACE_PROB = 0.1;
/** …as does a gap this many times the line's median character pitch (a narrower gap rule split
 * printed text as "co m plex" on the OCR bench; the space class alone separates its words)… */
const SPACE_RATIO = 3;
/** …and never fewer time steps than this (tight kerning is not a space). */
const MIN_SPACE_STEPS = 6;

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[s.length >> 1] : 0;
}

/** Greedy CTC decoding of one line (T time steps × C classes, class 0 = blank) with spaces from gaps. */
function decodeLine(probs, steps, classes, dictionary, offset = 0) {
  const chars = [];
  const spaceClass = classes - 1;
  let spaceSince = 0;
  let prev = -1;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bestP = -Infinity;
    const base = offset + t * classes;
    for (let c = 0; c < classes; c++) {
      const v = probs[base + c];
      if (v > bestP) [bestP, best] = [v, c];
    }
    if (best !== 0 && best !== prev && best !== spaceClass) {
      chars.push({ ch: dictionary[best - 1] ?? "", step: t, p: bestP, spaceBefore: spaceSince });
      spaceSince = 0;
    } else {
      spaceSince = Math.max(spaceSince, probs[base + spaceClass]);
    }
    prev = best;
  }
  if (!chars.length) return { text: "", mean: 0 };
  // Pitch between neighbouring characters of one word.
  const gaps = [];
  for (let i = 1; i < chars.length; i++) if (chars[i].spaceBefore < SPACE_PROB) gaps.push(chars[i].step - chars[i - 1].step);
  const pitch = median(gaps);
  const wide = Math.max(MIN_SPACE_STEPS, pitch * SPACE_RATIO);
  let text = "";
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    const spaced = i > 0 && (c.spaceBefore >= SPACE_PROB || (gaps.length >= 2 && c.step - chars[i - 1].step >= wide));
    if (spaced) {
      // Only between letters or digits of scripts written with spaces (never inside CJK text).
      if (/[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}]/u.test(c.ch) && /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}.,:;!?)'"]/u.test(chars[i - 1].ch)) {
        text += " ";
      }
    }
    text += c.ch;
  }
  return { text: text.replace(/\s+/g, " ").trim(), mean: chars.reduce((s, c) => s + c.p, 0) / chars.length };
}

module.exports = { decodeLine };
