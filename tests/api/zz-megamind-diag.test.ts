import path from "node:path";
import { it } from "vitest";
import { probeMedia } from "@/lib/media/probe";
import { shots } from "@/lib/pipeline/modules/shots/run";
import { visualelements } from "@/lib/pipeline/modules/visualelements/run";
import { SharedMedia } from "@/lib/pipeline/shared-media";
import type { ModuleContext } from "@/lib/pipeline/types";
import { useApiTestEnv } from "../helpers/env";
import { storeFile } from "../helpers/videos";

useApiTestEnv("megamind-diag");
it("diag", async () => {
  const file = "/tmp/i35c-media/usr/share/doc/opencv-doc/examples/data/Megamind.avi";
  const key = await storeFile("u1", file, "mm.avi");
  const media = await probeMedia(file);
  const ctx: ModuleContext = {
    video: { jobId: "job-mm", userId: "u1", name: "mm.avi", duration: media.duration, storagePath: key, initialPrompt: null },
    media,
    shared: new SharedMedia("job-mm", key, media, path.join(process.env.DATA_DIR!, "work", "job-mm")),
    results: {},
    progress: () => {},
    signal: new AbortController().signal,
  } as ModuleContext;
  const s = await shots.run(ctx);
  console.log("SHOTS", JSON.stringify(s.segments.map((x) => [x.start_time, x.end_time])));
  ctx.results = { shots: s } as ModuleContext["results"];
  const v = await visualelements.run(ctx);
  for (const seg of v.segments) {
    const m = seg.metadata as Record<string, any>;
    console.log("SEG", seg.start_time, seg.end_time, seg.content.slice(0, 140), JSON.stringify(m.face_boxes ?? m.person_id ?? ""), JSON.stringify(m.objects ?? m.labels ?? "").slice(0, 300));
  }
  console.log("NOTES", v.notes);
}, 300_000);
