// The bell's sentences at the end of a run: module labels instead of ids, one note inline, several
// named, and the video's page at the end.
import { describe, expect, it } from "vitest";
import { runCompletedMessage, runFailedMessage } from "@/lib/notifications/run-messages";
import { splitNotificationLink } from "@/components/notifications/notification-text";

const JOB = "6f1c2b9e-8d7a-4c3b-9e1f-0a2b3c4d5e6f";

describe("runCompletedMessage", () => {
  it("without notes: the time and the link", () => {
    expect(runCompletedMessage({ name: "a.mp4", jobId: JOB, processingTime: 19.14, notes: [] })).toBe(`“a.mp4” was analysed in 19 s. Open: /videos/${JOB}`);
  });

  it("one note: inline, with the module's label", () => {
    const m = runCompletedMessage({ name: "a.mp4", jobId: JOB, processingTime: 3.25, notes: ["shots: The file has no video stream"] });
    expect(m).toBe(`“a.mp4” was analysed in 3.3 s. Shots left a note: The file has no video stream. Open: /videos/${JOB}`);
  });

  it("several notes: the modules named in words, no internal ids", () => {
    const m = runCompletedMessage({
      name: "a.mp4",
      jobId: JOB,
      processingTime: 75,
      notes: ["transcription: No speech-to-text is configured", "visualelements: No vision model", "video_reasoning: No reasoning model"],
    });
    expect(m).toContain("Transcription, Visual elements and Video reasoning left notes");
    expect(m).toContain("1 min 15 s");
    expect(m).not.toMatch(/visualelements|video_reasoning/);
  });

  it("a note about the whole run (a file that ends early) is said in full, beside the modules' notes", () => {
    const m = runCompletedMessage({
      name: "a.mp4",
      jobId: JOB,
      processingTime: 5,
      notes: ["The file ends at 0:01.3 of a declared 0:11: only that part was analysed", "shots: One", "scenes: Two"],
    });
    expect(m).toBe(`“a.mp4” was analysed in 5.0 s. The file ends at 0:01.3 of a declared 0:11: only that part was analysed. Shots and Scenes left notes; they are on the video's page. Open: /videos/${JOB}`);
  });
});

describe("runFailedMessage", () => {
  it("the error as a sentence and the link", () => {
    expect(runFailedMessage({ name: "b.mov", jobId: JOB, error: "ffprobe could not read the file" })).toBe(
      `“b.mov” could not be analysed: Ffprobe could not read the file. Open: /videos/${JOB}`,
    );
  });
});

describe("splitNotificationLink", () => {
  it("takes the trailing video link off the text", () => {
    expect(splitNotificationLink(`“a.mp4” was analysed in 19 s. Open: /videos/${JOB}`)).toEqual({ text: "“a.mp4” was analysed in 19 s.", href: `/videos/${JOB}` });
  });
  it("leaves other messages alone", () => {
    expect(splitNotificationLink("Welcome. Open: https://evil.example/x")).toEqual({ text: "Welcome. Open: https://evil.example/x", href: null });
  });
});
