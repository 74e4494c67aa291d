// Texts people read (a video's error, notifications, events, health) never name a path of the
// machine; a full disk is said in plain words.
import { describe, expect, it } from "vitest";
import { isDiskFull, publicErrorText, withoutPaths } from "@/lib/api/public-error";

describe("withoutPaths", () => {
  it("reduces absolute paths to their last part and leaves URLs and relative keys alone", () => {
    expect(withoutPaths("ffmpeg exited with 1: /srv/data/storage/users/u/clip.mp4: Invalid data")).toBe("ffmpeg exited with 1: clip.mp4: Invalid data");
    expect(withoutPaths(`open "/tmp/va-x/work/j/frames.v8.part" failed (/work/x)`)).toBe(`open "frames.v8.part" failed (x)`);
    expect(withoutPaths("see http://host/a/b and users/u/clip.mp4")).toBe("see http://host/a/b and users/u/clip.mp4");
  });
});

describe("publicErrorText", () => {
  it("a full disk is said plainly, without the path", () => {
    const err = Object.assign(new Error("ENOSPC: no space left on device, write '/mnt/data/work/j/frames.v8.part'"), { code: "ENOSPC" });
    expect(isDiskFull(err)).toBe(true);
    expect(publicErrorText(err)).toBe("The server ran out of disk space while processing this video");
  });

  it("other errors keep their words without paths", () => {
    expect(publicErrorText(new Error("ENOENT: no such file or directory, open '/root/data/x.wav'"))).toBe(
      "ENOENT: no such file or directory, open 'x.wav'",
    );
  });
});
