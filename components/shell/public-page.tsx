// The frame of a page anyone with its link can read without signing in (a shared report, a shared
// clip): the logo and "Sign in" above, the page's content in a centred main of the given width.
import Link from "next/link";
import type { ReactNode } from "react";
import { Logo } from "@/components/shell/logo";

export function PublicPage({ width, children }: { width: "max-w-3xl" | "max-w-6xl"; children: ReactNode }) {
  return (
    <div className="min-h-dvh">
      <header className="border-b border-zinc-200 bg-white">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Logo />
          <Link href="/sign-in" className="text-sm font-medium text-zinc-600 hover:text-zinc-900">
            Sign in
          </Link>
        </div>
      </header>
      <main id="main" className={`mx-auto w-full ${width} px-4 py-6 sm:px-6 lg:py-10`}>
        {children}
      </main>
    </div>
  );
}
