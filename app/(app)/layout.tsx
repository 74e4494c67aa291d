import type { ReactNode } from "react";
import { connection } from "next/server";
import { AppShell } from "@/components/shell/app-shell";
import { CapabilitiesProvider } from "@/components/shell/capabilities";
import { modelCapabilities } from "@/lib/ai/capabilities";

// Every signed-in page: navigation, the signed-in user, and the redirect to /sign-in without one.
// The install's model capabilities are read per request (the environment may differ from the build's).
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <CapabilitiesProvider value={modelCapabilities()}>
      <AppShell>{children}</AppShell>
    </CapabilitiesProvider>
  );
}
