// The interface every analysis module implements, and what the pipeline hands it.
import type { MediaInfo } from "@/lib/media/probe";
import type { ModuleOutputs } from "./modules/definitions.generated";
import type { ModuleName } from "./modules/names.generated";
import type { SharedMedia } from "@/lib/analysis/shared-media";
import type { ModuleResult } from "@/lib/analysis/module-result";

export type { ModuleResult, SegmentDraft } from "@/lib/analysis/module-result";

/** The result of the module `N`, with its typed `data`. */
export type ModuleResultOf<N extends ModuleName> = ModuleResult<ModuleOutputs[N]>;

/** The results of the modules run so far, by name. */
export type ModuleResults = { [N in ModuleName]?: ModuleResultOf<N> };

export interface VideoInfo {
  jobId: string;
  userId: string;
  name: string;
  duration: number;
  storagePath: string;
  initialPrompt: string | null;
}

export interface ModuleContext {
  video: VideoInfo;
  media: MediaInfo;
  shared: SharedMedia;
  /** Results of the modules this one depends on (and of any other module run before it). */
  results: ModuleResults;
  /** Fraction 0..1 of this module's work, for progress events. */
  progress: (fraction: number, message?: string) => void;
  signal: AbortSignal;
}

/** The server half of the analysis module `N` (its folder's run.ts); the rest is its module.ts. */
export interface ModuleRunner<N extends ModuleName = ModuleName> {
  run(ctx: ModuleContext): Promise<ModuleResultOf<N>>;
}
