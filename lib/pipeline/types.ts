// The interface every analysis module implements, and what the pipeline hands it.
import type { MediaInfo } from "@/lib/media/probe";
import type { ModuleName } from "./modules/registry";
import type { SharedMedia } from "@/lib/analysis/shared-media";
import type { ModuleResult } from "@/lib/analysis/module-result";

export type { ModuleResult, SegmentDraft } from "@/lib/analysis/module-result";

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
  results: Partial<Record<ModuleName, ModuleResult>>;
  /** Fraction 0..1 of this module's work, for progress events. */
  progress: (fraction: number, message?: string) => void;
  signal: AbortSignal;
}

/** The server half of an analysis module (its folder's run.ts); the rest is its module.ts. */
export interface ModuleRunner {
  run(ctx: ModuleContext): Promise<ModuleResult>;
}
