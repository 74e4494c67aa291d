// Which model-backed capabilities this install has, for the pages (the module picker says what a
// module does without one). Booleans only: no model names, keys or addresses leave the server.
import type { ModelCapability } from "@/lib/pipeline/modules/define";
import { getModelEndpoint } from "./provider";

export type ModelCapabilities = Record<ModelCapability, boolean>;

export function modelCapabilities(): ModelCapabilities {
  return {
    vision: getModelEndpoint("vision") !== null,
    chat: getModelEndpoint("chat") !== null,
    transcribe: getModelEndpoint("transcribe") !== null,
  };
}
