// A large but quick-to-make video for upload specs: a generated clip (makeClip) followed by an
// MP4 `free` box of padding, which players and ffprobe skip. The file stays a readable video.
import fs from "node:fs";
import path from "node:path";
import { makeClip } from "./clips";

export function makeBigClip(name: string, bytes: number): string {
  const clip = makeClip(name);
  const out = path.join(path.dirname(clip), `${name}-big.mp4`);
  const video = fs.readFileSync(clip);
  const pad = bytes - video.length;
  if (pad < 8) throw new Error(`makeBigClip: ${bytes} bytes is smaller than the clip`);
  const fd = fs.openSync(out, "w");
  try {
    fs.writeSync(fd, video);
    const header = Buffer.alloc(8);
    header.writeUInt32BE(pad, 0);
    header.write("free", 4, "ascii");
    fs.writeSync(fd, header);
    const zeros = Buffer.alloc(1024 * 1024);
    for (let left = pad - 8; left > 0; left -= zeros.length) fs.writeSync(fd, zeros, 0, Math.min(left, zeros.length));
  } finally {
    fs.closeSync(fd);
  }
  return out;
}

/** Slows the page's network (bytes per second; -1 leaves a direction alone) until the returned function is called. */
export async function throttle(page: import("@playwright/test").Page, opts: { upload?: number; download?: number }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: opts.download ?? -1,
    uploadThroughput: opts.upload ?? -1,
  });
  return async () => {
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }).catch(() => {});
    await cdp.detach().catch(() => {});
  };
}
