// Which model-backed capabilities this install has, for the pages (the module picker says what a
// module does without one). Booleans only: no model names, keys or addresses leave the server.
import type { ModelCapabilities } from "@/lib/core/capabilities";
import { getModelEndpoint } from "./provider";

export function modelCapabilities(): ModelCapabilities {
  return {
    vision: getModelEndpoint("vision") !== null,
    chat: getModelEndpoint("chat") !== null,
    transcribe: getModelEndpoint("transcribe") !== null,
  };
}
