// Citations over a project ([V2 01:23] → a link naming the video), the citations list, and how a
// question is read offline (overview parts, picture words, keywords).
import { describe, expect, it } from "vitest";
import { citationsOf, linkCitations, videoHref } from "@/lib/chat/citations";
import { overviewAsk, questionKeywords, visualQuery } from "@/lib/chat/intent";

const A = { jobId: "11111111-1111-4111-8111-111111111111", name: "Kitchen [tour].mp4", duration: 100, label: "V1" };
const B = { jobId: "22222222-2222-4222-8222-222222222222", name: "Garden.mp4", duration: 50, label: "V2" };

describe("project citations", () => {
  it("turn labelled stamps into links that name the video and open it at that time", () => {
    const text = linkCitations("First [V2 00:05], then [V1 01:23–01:30]; [V9 00:01] is unknown and [00:07] is plain.", [A, B]);
    expect(text).toBe(
      `First [Garden.mp4 00:05](/videos/${B.jobId}?t=5), then [Kitchen tour .mp4 01:23](/videos/${A.jobId}?t=83); [V9 00:01] is unknown and [00:07] is plain.`,
    );
    expect(citationsOf(text, [A, B])).toEqual([
      { job_id: B.jobId, video_name: "Garden.mp4", start_time: 5 },
      { job_id: A.jobId, video_name: "Kitchen [tour].mp4", start_time: 83 },
    ]);
  });

  it("about one video: every [mm:ss] (or range, by its start) is a citation of it, once", () => {
    const one = [{ ...A, label: undefined }];
    expect(citationsOf("At [00:02] and [1:02:03–1:02:09], again [00:02].", one)).toEqual([
      { job_id: A.jobId, video_name: A.name, start_time: 2 },
      { job_id: A.jobId, video_name: A.name, start_time: 3723 },
    ]);
    expect(citationsOf("No stamps here.", one)).toEqual([]);
  });

  it("links open the segment's own start, to a tenth of a second", () => {
    expect(videoHref(A.jobId, 2.2)).toBe(`/videos/${A.jobId}?t=2.2`);
    expect(videoHref(A.jobId, 65)).toBe(`/videos/${A.jobId}?t=65`);
  });
});

describe("reading a question offline", () => {
  it("overview parts", () => {
    expect(overviewAsk("What is this video about?")).toMatchObject({ summary: true });
    expect(overviewAsk("How long is it?")).toEqual({ summary: false, duration: true, shots: false, scenes: false, text: false, topics: false });
    expect(overviewAsk("how many scenes and how many shots?")).toMatchObject({ scenes: true, shots: true, summary: false });
    expect(overviewAsk("When do they fold the dough?")).toBeNull();
  });

  it("picture questions in the visual modules' words; keywords without question words", () => {
    expect(visualQuery("When does the screen go dark?")).toBe("dark black");
    expect(visualQuery("Is there a lot of movement?")).toBe("high motion moderate");
    expect(visualQuery("Who is talking?")).toBeNull();
    expect(questionKeywords("When is the sourdough shown in the video?")).toBe("sourdough");
    expect(questionKeywords("what happens?")).toBe("");
  });
});
