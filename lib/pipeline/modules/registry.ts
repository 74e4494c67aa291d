// The registry of analysis modules, built from the definitions `npm run gen` collects from the
// module folders (./definitions.generated.ts, in the API's order: request validation, the OpenAPI
// enum, results). Every list — names, labels, lane order, defaults, dependencies, colours — is
// derived from it. Browser-safe: the pages import it too.
// Adding a module: README, "Adding an analysis module".
import { createModuleRegistry } from "./define";
import { MODULE_DEFINITIONS } from "./definitions.generated";

export { MODULE_DEFINITIONS, type ModuleOutputs } from "./definitions.generated";
export type { ModuleName } from "./names.generated";
import type { ModuleName } from "./names.generated";

export const moduleRegistry = createModuleRegistry(MODULE_DEFINITIONS);

export const MODULE_NAMES = moduleRegistry.names;
export const DEFAULT_MODULES = moduleRegistry.defaults;
export const MODULE_DEPENDENCIES = moduleRegistry.dependencies;
export const readsFrames = moduleRegistry.readsFrames;
export const readsEveryResult = moduleRegistry.readsEveryResult;
/** Modules whose words describe the picture (shots, visual elements). */
export const PICTURE_MODULES = moduleRegistry.pictureModules;
export const MODULE_DESCRIPTIONS = moduleRegistry.descriptions;
/** Lane order on the timeline: structure first, then what is said and seen, then the summary. */
export const LANE_ORDER = moduleRegistry.laneOrder;
export const isModuleName = moduleRegistry.isName;
export const executionOrder = moduleRegistry.executionOrder;
export const moduleLabel = moduleRegistry.label;
export const moduleColour = moduleRegistry.colour;
export const sortModules = moduleRegistry.sortByLane;
export const defaultModulesWith = moduleRegistry.defaultsWith;
export const withoutModelNote = moduleRegistry.withoutModelNote;
export type { ModelCapability } from "./define";

/** The modules whose segments each finished part of a long video shows before the merge (the rest come with it). */
export const PROVISIONAL_MODULES: readonly ModuleName[] = ["shots", "transcription"];

export function moduleDescription(module: string): string | undefined {
  return isModuleName(module) ? MODULE_DESCRIPTIONS[module] : undefined;
}
