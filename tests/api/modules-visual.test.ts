// The visual modules (visualelements, logos, grouped_shots, scenes) run on generated clips of
// known content: real ffmpeg, real SharedMedia over local storage, real offline OCR, and a local
// OpenAI-compatible server for the model-backed parts. The shots result is built from the known
// cut times, so these tests do not depend on the shot detector.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { dominantColors, readImageRgb } from "@/lib/analysis/visual/colors";
import { probeMedia } from "@/lib/media/probe";
import { EmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { MODULE_RUNS } from "@/lib/pipeline/modules/runs.generated";
import { groupedShots } from "@/lib/pipeline/modules/grouped-shots/run";
import { logos } from "@/lib/pipeline/modules/logos/run";
import { scenes } from "@/lib/pipeline/modules/scenes/run";
import { visualelements } from "@/lib/pipeline/modules/visualelements/run";
import { SharedMedia } from "@/lib/analysis/shared-media";
import type { ModuleContext, ModuleResult } from "@/lib/pipeline/types";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { startFakeOpenAI, type FakeOpenAI } from "../helpers/openai-server";
import { makeUser } from "../helpers/users";
import { registerClip, storeFile, waitForStatus } from "../helpers/videos";
import { alternationClip, fadeClip, requireFont, shotsResult, solidColoursClip, textClip, type KnownClip } from "../helpers/visual-clips";

useApiTestEnv("modules-visual");
const OPENAI_ENV = ["OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_VISION_MODEL", "OPENAI_CHAT_MODEL"];
const savedEnv = Object.fromEntries(OPENAI_ENV.map((k) => [k, process.env[k]]));
for (const k of OPENAI_ENV) delete process.env[k];

let n = 0;

async function contextFor(clip: KnownClip, results: ModuleContext["results"] = {}): Promise<ModuleContext> {
  const jobId = `job-${++n}`;
  const key = await storeFile("u1", clip.file, `${jobId}-${path.basename(clip.file)}`);
  const media = await probeMedia(clip.file);
  return {
    video: { jobId, userId: "u1", name: path.basename(clip.file), duration: media.duration, storagePath: key, initialPrompt: null },
    media,
    shared: new SharedMedia(jobId, key, media, path.join(process.env.DATA_DIR!, "work", jobId)),
    results,
    progress: () => {},
    signal: new AbortController().signal,
  };
}

/** visualelements (offline) on the text clip, run once and shared by the OCR and the logos tests. */
let textRun: Promise<{ ctx: ModuleContext; result: ModuleResult }> | null = null;
function offlineTextRun() {
  textRun ??= (async () => {
    const clip = textClip(requireFont());
    const ctx = await contextFor(clip, { shots: shotsResult(clip.shots) });
    return { ctx, result: await visualelements.run(ctx) };
  })();
  return textRun;
}

const meta = (r: ModuleResult<unknown>, i: number) => r.segments[i]!.metadata as Record<string, any>;

afterAll(() => {
  for (const k of OPENAI_ENV) {
    if (savedEnv[k] === undefined) delete process.env[k];
    else process.env[k] = savedEnv[k];
  }
});

describe("visualelements", () => {
  it("reports dominant colours, brightness, contrast and motion per shot", async () => {
    const clip = solidColoursClip();
    const ctx = await contextFor(clip, { shots: shotsResult(clip.shots) });
    const r = await visualelements.run(ctx);
    expect(r.segments).toHaveLength(2);
    expect(r.segments.map((s) => [s.start_time, s.end_time])).toEqual([[0, 2], [2, 4]]);
    const [red, blue] = [meta(r, 0), meta(r, 1)];
    expect(red).toMatchObject({ provider: "local", method: "keyframe_analysis", keyframe_time: 1, color_source: "keyframe" });
    expect(red.colors[0]).toMatchObject({ name: "red" });
    expect(red.colors[0].share).toBeGreaterThan(0.95);
    expect(red.colors[0].hex).toMatch(/^#(f[a-f0-9]|e[a-f0-9])[0-2][0-9a-f][0-2][0-9a-f]$/);
    expect(blue.colors[0]).toMatchObject({ name: "blue" });
    for (const m of [red, blue]) {
      expect(m.motion_level).toBe("low");
      expect(m.contrast_level).toBe("low");
      expect(m.ocr_boxes).toEqual([]);
      // Flat colour: the text gate checked the keyframe and OCR did not run.
      expect(m.ocr_read).toBe(false);
      expect(m.text_likeness).toBeLessThan(0.01);
    }
    expect((r.notes ?? []).join(" ")).toMatch(/2 of 2 shot keyframes showed no text-like strokes/);
    // BT.601 luma of pure red ≈ 0.3, of pure blue ≈ 0.11.
    expect(red.brightness).toBeGreaterThan(blue.brightness);
    expect(blue.brightness_level).toBe("dark");
    expect(r.segments[0]!.content).toMatch(/^Red · .* contrast · low motion$/);
    expect(r.notes).toContain("No vision model is configured: people, objects and settings are not described");
  });

  it("reads on-screen text with offline OCR, words spaced as printed", async () => {
    const { result: r } = await offlineTextRun();
    const plain = meta(r, 0);
    const titled = meta(r, 1);
    expect(plain.ocr_text).toBe("");
    expect(titled.ocr).toBe("paddleocr_ppocrv4_onnx");
    expect(titled.ocr_read).toBe(true);
    const text: string = titled.ocr_text;
    expect(text).toContain("HELLO 2026");
    expect(text).toMatch(/Nike/i);
    const hello = titled.ocr_boxes.find((b: any) => /HELLO/.test(b.text));
    expect(hello.score).toBeGreaterThan(0.8);
    // Drawn centred: the box straddles the middle of the frame.
    const [x0, y0, x1, y1] = hello.box;
    expect(x0).toBeLessThan(0.5);
    expect(x1).toBeGreaterThan(0.5);
    expect(y0).toBeLessThan(0.55);
    expect(y1).toBeGreaterThan(0.45);
    expect(r.segments[1]!.content).toMatch(/text: ".*HELLO ?2026/);
    expect(titled.colors[0].name).toBe("dark blue");
  });

  it("without shot boundaries, analyses fixed windows and says so", async () => {
    const clip = solidColoursClip();
    const r = await visualelements.run(await contextFor(clip));
    expect(r.segments.length).toBeGreaterThan(0);
    expect(r.notes?.some((x) => /No shot boundaries were available/.test(x))).toBe(true);
  });
});

describe("logos", () => {
  it("matches brand names in OCR text offline", async () => {
    const { ctx, result } = await offlineTextRun();
    const r = await logos.run({ ...ctx, results: { ...ctx.results, visualelements: result } });
    expect(r.segments).toHaveLength(1);
    expect(r.segments[0]).toMatchObject({ start_time: 2, end_time: 4 });
    expect(meta(r, 0)).toMatchObject({ provider: "local", method: "ocr_brand_match", brand: "Nike" });
    expect(meta(r, 0).matched_text).toMatch(/Nike/i);
    expect(r.notes?.some((x) => /No vision model/.test(x))).toBe(true);
  });

  it("finds nothing and says why when no on-screen text was read", async () => {
    const clip = solidColoursClip();
    const ctx = await contextFor(clip, {
      visualelements: {
        segments: [{ start_time: 0, end_time: 2, content: "Red", metadata: { provider: "local", method: "keyframe_analysis", keyframe_time: 1, ocr_text: null } }],
      },
    });
    const r = await logos.run(ctx);
    expect(r.segments).toEqual([]);
    expect(r.notes?.some((x) => /No on-screen text was read/.test(x))).toBe(true);
  });

  it("with OCR text that names no brand: zero segments", async () => {
    const ctx = await contextFor(solidColoursClip(), {
      visualelements: {
        segments: [{ start_time: 0, end_time: 2, content: "", metadata: { provider: "local", method: "keyframe_analysis", keyframe_time: 1, ocr_text: "OPEN 24 HOURS" } }],
      },
    });
    const r = await logos.run(ctx);
    expect(r.segments).toEqual([]);
    expect(r.notes?.some((x) => /No on-screen text/.test(x))).toBe(false);
  });
});

describe("grouped_shots and scenes", () => {
  it("groups A B A B into two set-ups, numbered by first appearance", async () => {
    const clip = alternationClip();
    const ctx = await contextFor(clip, { shots: shotsResult(clip.shots) });
    const r = await groupedShots.run(ctx);
    expect(r.segments.map((s) => s.content)).toEqual([
      "Set-up 1 (2 shots) · occurrence 1 of 2",
      "Set-up 2 (2 shots) · occurrence 1 of 2",
      "Set-up 1 (2 shots) · occurrence 2 of 2",
      "Set-up 2 (2 shots) · occurrence 2 of 2",
    ]);
    expect(r.segments.map((s) => s.start_time)).toEqual([0, 1.5, 3, 4.5]);
    expect(meta(r, 0)).toMatchObject({ provider: "local", method: "keyframe_feature_clustering", group_id: 1, group_size: 2, occurrence: 1 });
    expect(meta(r, 0).similarity).toBeGreaterThan(0.75);
    // Re-running on the same file gives the same groups.
    const again = await groupedShots.run(await contextFor(clip, { shots: shotsResult(clip.shots) }));
    expect(again.segments).toEqual(r.segments);
  });

  it("merges the A B A B dialogue into one scene, ended by the fade to black", async () => {
    const clip = alternationClip();
    const ctx = await contextFor(clip, { shots: shotsResult(clip.shots), transcription: { segments: [] } });
    const r = await scenes.run(ctx);
    expect(r.segments.map((s) => s.content)).toEqual(["Scene 1 · 0:00–0:06 · 5 shots (2 set-ups)", "Scene 2 · 0:06–0:08 · 1 shot"]);
    expect(meta(r, 0)).toMatchObject({ provider: "local", method: "shot_similarity_merge", shot_count: 5, shots: [0, 1, 2, 3, 4] });
    expect(r.segments[1]).toMatchObject({ start_time: 6.5, end_time: 8.5 });
    expect(r.notes ?? []).toEqual([]);
  });

  it("keeps one set-up across a fade through black in one scene (the fade is evidence, not a rule)", async () => {
    const clip = fadeClip();
    const ctx = await contextFor(clip, { shots: shotsResult(clip.shots), transcription: { segments: [{ start_time: 1, end_time: 3, content: "one long sentence", metadata: { provider: "local", method: "test" } }] } });
    const sc = await scenes.run(ctx);
    expect(sc.segments.map((s) => s.content)).toEqual(["Scene 1 · 0:00–0:04 · 2 shots"]);
    const gr = await groupedShots.run(ctx);
    expect(gr.segments.map((s) => (s.metadata as any).group_id)).toEqual([1, 1]);
  });

  it("say so, with no segments, when there are no shots", async () => {
    const ctx = await contextFor(alternationClip());
    for (const m of [groupedShots, scenes]) {
      const r = await m.run(ctx);
      expect(r.segments).toEqual([]);
      expect(r.notes?.[0]).toMatch(/No shots were detected/);
    }
  });
});

describe("with a vision model (local OpenAI-compatible server)", () => {
  let ai: FakeOpenAI;
  beforeAll(async () => {
    ai = await startFakeOpenAI();
    Object.assign(process.env, ai.env(), { OPENAI_VISION_MODEL: "vision-test-model" });
  });
  afterAll(async () => {
    for (const k of OPENAI_ENV) delete process.env[k];
    await ai?.close();
  });

  const dominantColorsOf = async (dataUrl: string) => {
    const file = path.join(process.env.DATA_DIR!, `sent-${Math.random().toString(36).slice(2)}.jpg`);
    fs.writeFileSync(file, Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64"));
    return dominantColors(await readImageRgb(file));
  };
  const isJpegDataUrl = (u: string) => u.startsWith("data:image/jpeg;base64,") && Buffer.from(u.slice(23, 31), "base64")[0] === 0xff;

  it("describes keyframes and recognises logos, recording the model", async () => {
    // The stand-in looks at the picture it is sent: the titled shot is mostly navy, the other grey.
    ai.chat = async (req) => {
      if (!req.images.length || !isJpegDataUrl(req.images[0]!)) throw new Error("expected a JPEG keyframe");
      const titled = (await dominantColorsOf(req.images[0]!))[0]?.name === "dark blue";
      if (/brands/i.test(req.text)) {
        return { logos: titled ? [{ brand: "Nike", confidence: 0.93, where: "top left" }, { brand: "Unsure Co", confidence: 0.2 }] : [] };
      }
      return titled ? "A plain screen with white lettering; no people." : "An empty grey frame.";
    };
    const clip = textClip(requireFont());
    const ctx = await contextFor(clip, { shots: shotsResult(clip.shots) });
    const ve = await visualelements.run(ctx);
    expect(meta(ve, 1)).toMatchObject({ provider: "openai", model: "vision-test-model", method: "keyframe_analysis", description: "A plain screen with white lettering; no people." });
    expect(ve.segments[1]!.content).toMatch(/· A plain screen with white lettering; no people\.$/);
    expect(ve.notes?.some((x) => /vision/i.test(x))).toBe(false);
    const describeCalls = ai.requestsTo("/v1/chat/completions").length;
    expect(describeCalls).toBe(2);

    ctx.results.visualelements = ve;
    const lg = await logos.run(ctx);
    // The model's Nike (confident) on the titled shot; its unsure guess is dropped; OCR's Nike on the
    // same shot is not repeated.
    expect(lg.segments).toHaveLength(1);
    expect(lg.segments[0]).toMatchObject({ start_time: 2, end_time: 4, content: "Nike (top left)" });
    expect(meta(lg, 0)).toMatchObject({ provider: "openai", model: "vision-test-model", brand: "Nike", confidence: 0.93 });
    const logoReq = ai.requestsTo("/v1/chat/completions").slice(describeCalls)[0]!.body;
    expect(logoReq.response_format).toEqual({ type: "json_object" });
  });

  it("keeps the offline matches and notes it when the model's answer is not valid JSON", async () => {
    ai.reset();
    ai.chat = () => "I think I can see a Nike logo.";
    const clip = textClip(requireFont());
    const ctx = await contextFor(clip, { shots: shotsResult(clip.shots) });
    ctx.results.visualelements = {
      segments: [
        { start_time: 0, end_time: 2, content: "", metadata: { provider: "local", method: "keyframe_analysis", keyframe_time: 1, ocr_text: "" } },
        { start_time: 2, end_time: 4, content: "", metadata: { provider: "local", method: "keyframe_analysis", keyframe_time: 3, ocr_text: "HELLO2026\nNike" } },
      ],
    };
    const r = await logos.run(ctx);
    expect(r.segments.map((s) => s.metadata)).toEqual([
      expect.objectContaining({ provider: "local", method: "ocr_brand_match", brand: "Nike", matched_text: "Nike" }),
    ]);
    expect(r.notes?.some((x) => /vision model failed on 2 keyframes \(the model did not answer with JSON\)/.test(x))).toBe(true);
  });

  it("notes a failing vision endpoint instead of failing the module", async () => {
    ai.reset();
    ai.fail("/v1/chat/completions", 400, "model not found", 10);
    const clip = solidColoursClip();
    const r = await visualelements.run(await contextFor(clip, { shots: shotsResult(clip.shots) }));
    expect(r.segments).toHaveLength(2);
    expect(meta(r, 0).provider).toBe("local");
    expect(r.notes?.some((x) => /vision model failed on 2 keyframes/.test(x) && /model not found/.test(x))).toBe(true);
  });
});

describe.runIf(!!MODULE_RUNS.shots)("through the real pipeline (shot detector included)", () => {
  it("POST /api/processing/{job_id}/start with grouped_shots, scenes and logos on an A B A B clip", async () => {
    const user = await makeUser("visual@example.com");
    const jobId = await registerClip(user, alternationClip().file);
    const start = await call("POST", `/processing/${jobId}/start`, {
      auth: user.api_key,
      body: { selected_insights: JSON.stringify(["grouped_shots", "scenes", "logos", "visualelements"]) },
    });
    expect(start.status).toBe(200);
    const runner = new EmbeddedRunner(await getDb(), { pollMs: 50, leaseMs: 30_000 }).start();
    try {
      expect((await waitForStatus(user.api_key, jobId, ["completed", "failed"], 120_000)).status).toBe("completed");
    } finally {
      await runner.stop();
    }
    const segs = async (module: string) =>
      (await call("GET", `/videos/${jobId}/segments?module=${module}`, { auth: user.api_key })).body as any[];
    const groups = await segs("grouped_shots");
    const ids = new Set(groups.map((g) => JSON.parse(g.metadata).group_id));
    expect(ids).toEqual(new Set([1, 2]));
    expect(groups.map((g) => JSON.parse(g.metadata).group_id)).toEqual([1, 2, 1, 2]);
    const sc = await segs("scenes");
    expect(sc[0].start_time).toBeCloseTo(0, 1);
    expect(sc[0].end_time).toBeGreaterThanOrEqual(5.9);
    expect(JSON.parse(sc[0].metadata)).toMatchObject({ provider: "local", method: "shot_similarity_merge", setups: 2 });
    expect(sc[sc.length - 1].end_time).toBeGreaterThan(7.5);
    const ve = await segs("visualelements");
    expect(ve.length).toBeGreaterThanOrEqual(5);
    for (const v of ve) expect(JSON.parse(v.metadata)).toMatchObject({ provider: "local", method: "keyframe_analysis" });
    expect(await segs("logos")).toEqual([]);
    // The whole pipeline with OCR and the object detector on every shot: its wait above allows 120 s.
  }, 180_000);
});
