// The interface every analysis module implements, and what the pipeline hands it.
import type { MediaInfo } from "@/lib/media/probe";
import type { ModuleOutputs } from "./modules/definitions.generated";
import type { ModuleName } from "./modules/names.generated";
import type { SharedMedia } from "./shared-media";

export interface SegmentDraft {
  start_time: number;
  end_time: number;
  content: string;
  /** Serialized to JSON text; must say `provider` and `method` or `model`. */
  metadata: { provider: "local" | "openai"; method?: string; model?: string; [k: string]: unknown };
}

/** What a module's run returns; `Output` is the shape of its `data` (its module.ts's Output). */
export interface ModuleResult<Output = never> {
  segments: SegmentDraft[];
  /** What the module could not do with what is configured (shown in events and the notification). */
  notes?: string[];
  /**
   * Data for modules that build on this one (kept in the run's step record as JSON, so keep it
   * small). null when the results were kept from an earlier run rather than made by this one.
   */
  data?: Output | null;
}

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
