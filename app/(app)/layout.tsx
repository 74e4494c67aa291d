import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";

// Every signed-in page: navigation, the signed-in user, and the redirect to /sign-in without one.
export default function SignedInLayout({ children }: { children: ReactNode }) {
  return <AppShell>{children}</AppShell>;
}
