import { decodeRgb, detectRaw, type RgbImage } from "@/lib/analysis/labels/detector";
import { media } from "./metrics";
function pad(img: RgbImage, f: number): RgbImage {
  const W = Math.round(img.width * f), H = Math.round(img.height * f);
  const data = new Uint8Array(W * H * 3).fill(114);
  const dx = Math.floor((W - img.width) / 2), dy = Math.floor((H - img.height) / 2);
  for (let y = 0; y < img.height; y++) data.set(img.data.subarray(y * img.width * 3, (y + 1) * img.width * 3), ((y + dy) * W + dx) * 3);
  return { data, width: W, height: H };
}
const SK = "usr/lib/python3/dist-packages/skimage/data", CV = "usr/share/doc/opencv-doc/examples/data";
for (const [f, l] of [[`${CV}/apple.jpg`, "apple"], [`${CV}/orange.jpg`, "orange"], [`${SK}/chelsea.png`, "cat"], [`${SK}/coffee.png`, "cup"], [`${CV}/chicky_512.png`, "dog"], [`${CV}/fruits.jpg`, "orange"], [`${SK}/astronaut.png`, "person"], [`${CV}/baboon.jpg`, "-"], [`${CV}/board.jpg`, "-"], [`${CV}/smarties.png`, "-"], [`${SK}/rocket.jpg`, "-"]]) {
  const img = await decodeRgb(media(f!));
  const out: string[] = [];
  for (const z of [1, 1.6, 2.2]) {
    const d = await detectRaw(z === 1 ? img : pad(img, z));
    out.push(`${z}: ${d.objects.filter((o) => o.confidence >= 0.3).map((o) => `${o.label} ${o.confidence.toFixed(2)}`).join(", ")}`);
  }
  console.log(f!.split("/").pop(), l, "|", out.join(" | "));
}
process.exit(0);
