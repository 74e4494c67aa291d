// The run function of every analysis module, by name (server-only: they decode, read models and
// spawn processes). Typecheck fails while a module of the registry has no run here, or a run
// names no module of the registry.
import type { ModuleName } from "./registry";
import type { ModuleRunner } from "../types";
import { transcription } from "./transcription/run";
import { visualelements } from "./visualelements/run";
import { scenes } from "./scenes/run";
import { shots } from "./shots/run";
import { groupedShots } from "./grouped-shots/run";
import { logos } from "./logos/run";
import { videoReasoning } from "./video-reasoning/run";

export const MODULE_RUNS = {
  transcription,
  visualelements,
  scenes,
  shots,
  grouped_shots: groupedShots,
  logos,
  video_reasoning: videoReasoning,
} satisfies Record<ModuleName, ModuleRunner>;
