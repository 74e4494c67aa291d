// The analysis modules, one file each. A module missing here completes with a note, never
// with invented segments.
import type { ModuleName } from "../module-names";
import type { AnalysisModule } from "../types";

export const MODULES: Partial<Record<ModuleName, AnalysisModule>> = {};
