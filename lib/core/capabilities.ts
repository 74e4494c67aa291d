// The model-backed capabilities an install may have (an endpoint for vision, chat or transcription):
// a module's definition names the one it needs, the pages learn which ones this install has.
export type ModelCapability = "vision" | "chat" | "transcribe";

export type ModelCapabilities = Record<ModelCapability, boolean>;
