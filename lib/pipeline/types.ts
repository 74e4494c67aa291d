// The interface every analysis module implements, and what the pipeline hands it.
import type { MediaInfo } from "@/lib/media/probe";
import type { ModuleName } from "./modules/registry";
import type { SharedMedia } from "@/lib/analysis/shared-media";

export interface SegmentDraft {
  start_time: number;
  end_time: number;
  content: string;
  /** Serialized to JSON text; must say `provider` and `method` or `model`. */
  metadata: { provider: "local" | "openai"; method?: string; model?: string; [k: string]: unknown };
}

export interface ModuleResult {
  segments: SegmentDraft[];
  /** What the module could not do with what is configured (shown in events and the notification). */
  notes?: string[];
  /** Data for modules that build on this one (kept in the run's step record, so keep it small). */
  data?: unknown;
}

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
