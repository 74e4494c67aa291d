// The analysis modules, one file each. A module missing here completes with a note, never
// with invented segments.
import type { ModuleName } from "../module-names";
import type { AnalysisModule } from "../types";
import { shots } from "./shots";
import { transcription } from "./transcription";
import { visualelements } from "./visualelements";
import { logos } from "./logos";
import { scenes } from "./scenes";
import { groupedShots } from "./grouped-shots";
import { videoReasoning } from "./video-reasoning";

export const MODULES: Partial<Record<ModuleName, AnalysisModule>> = {
  shots,
  transcription,
  visualelements,
  logos,
  scenes,
  grouped_shots: groupedShots,
  video_reasoning: videoReasoning,
};
