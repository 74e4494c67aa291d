// The one list of analysis modules: one line per module folder, in the order the API lists them
// (request validation, the OpenAPI enum, results). Every other list — names, labels, lane order,
// defaults, dependencies, colours — is derived from it. Browser-safe: the pages import it too.
// Adding a module: README, "Adding an analysis module".
import { createModuleRegistry } from "./define";
import { transcription } from "./transcription/module";
import { visualelements } from "./visualelements/module";
import { scenes } from "./scenes/module";
import { shots } from "./shots/module";
import { groupedShots } from "./grouped-shots/module";
import { logos } from "./logos/module";
import { videoReasoning } from "./video-reasoning/module";

export const MODULE_DEFINITIONS = [transcription, visualelements, scenes, shots, groupedShots, logos, videoReasoning] as const;

export const moduleRegistry = createModuleRegistry(MODULE_DEFINITIONS);

export type ModuleName = (typeof MODULE_DEFINITIONS)[number]["name"];

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

export function moduleDescription(module: string): string | undefined {
  return isModuleName(module) ? MODULE_DESCRIPTIONS[module] : undefined;
}
