// What an analysis module produces: timed segments, notes, and data for the modules after it. The
// analysis code builds these; the pipeline (lib/pipeline/types.ts) hands them on and stores them.

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
