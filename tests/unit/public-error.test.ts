// Texts people read (a video's error, notifications, events, health) never name a path of the
// machine; a full disk is said in plain words.
import { describe, expect, it } from "vitest";
import { forPeople, isDiskFull, publicErrorText, UNREADABLE_VIDEO, UserFacingError, withoutPaths } from "@/lib/core/public-error";
import { MediaToolError } from "@/lib/media/ffmpeg";

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

  it("a system error is said in words, without its code, the working file's temporary name or a path", () => {
    const err = Object.assign(
      new Error("ENOENT: no such file or directory, rename '/srv/data/work/j/kf-1.122-640.jpg.28746-0f3a9c1e-77aa-4c1b-9d2e-1234567890ab.part.jpg' -> '/srv/data/work/j/kf-1.122-640.jpg'"),
      { code: "ENOENT" },
    );
    const text = publicErrorText(err);
    expect(text).toBe("Processing stopped: a working file was missing. Processing the video again usually helps; if it keeps failing, upload the file again.");
    // The same from the text alone (the Inngest path hands failRun a message).
    expect(publicErrorText(err.message)).toBe(text);
  });

  it("ffmpeg or ffprobe failing on the input reads as an unreadable video", () => {
    expect(publicErrorText(new MediaToolError("ffprobe exited with 1: /x/clip.mp4: Invalid data found when processing input"))).toBe(UNREADABLE_VIDEO);
  });

  it("a message written for people passes unchanged; other errors keep their words without paths", () => {
    expect(publicErrorText(new UserFacingError("The video file is no longer in storage: upload it again"))).toBe("The video file is no longer in storage: upload it again");
    expect(publicErrorText(new Error("Model failed on /root/models/x.onnx"))).toBe("Model failed on x.onnx");
  });
});

describe("forPeople", () => {
  it("notes that quote an error lose the code, the temporary name and the path", () => {
    expect(forPeople("3 keyframes could not be extracted (ENOENT: no such file or directory, rename 'kf-1.122-640.jpg.28746-ab12.part.jpg' -> 'kf-1.122-640.jpg')")).toBe(
      "3 keyframes could not be extracted (a working file was missing)",
    );
    expect(forPeople("The audio track could not be read (open /tmp/va/work/j/audio-16k.wav.123-abc.part failed)")).toBe(
      "The audio track could not be read (open a working file failed)",
    );
    expect(forPeople("EXIF ENDS here: ERROR")).toBe("EXIF ENDS here: ERROR");
  });
});
