"use client";
// The install's model capabilities (read by the server per request, see app/(app)/layout.tsx),
// for the module picker: what a module does without a model, and which modules are on by default.
import { createContext, useContext, type ReactNode } from "react";
import { defaultModulesWith, type ModelCapability, type ModuleName } from "@/lib/pipeline/modules/registry";

type Capabilities = Record<ModelCapability, boolean>;

const CapabilitiesContext = createContext<Capabilities | null>(null);

export function CapabilitiesProvider({ value, children }: { value: Capabilities; children: ReactNode }) {
  return <CapabilitiesContext.Provider value={value}>{children}</CapabilitiesContext.Provider>;
}

/** Whether the install has a capability; unknown (no provider) counts as present, so nothing is claimed missing. */
export function useHasCapability(): (capability: ModelCapability) => boolean {
  const caps = useContext(CapabilitiesContext);
  return (c) => caps?.[c] ?? true;
}

/** The modules selected when nobody chooses, on this install. */
export function useDefaultModules(): ModuleName[] {
  return defaultModulesWith(useHasCapability());
}
