// A whole-page message (unknown address, an error while rendering): the logo, a code, what
// happened in plain words, and ways back into the app. Used outside the signed-in shell.
import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";
import { Logo } from "./logo";

export function StatusPage({ code, title, children, actions }: { code: string; title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center px-4 py-10 sm:py-16">
      <Link href="/dashboard" aria-label="Video Analysis, dashboard" className="mb-8 rounded-lg">
        <Logo className="text-lg" />
      </Link>
      <div className="w-full max-w-md rounded-2xl border border-zinc-200 bg-white px-6 py-8 text-center shadow-sm sm:px-8">
        <p className="text-sm font-semibold text-accent-700 tabular-nums">{code}</p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-zinc-900">{title}</h1>
        <div className="mt-3 text-sm text-zinc-600">{children}</div>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          {actions}
          <Link href="/dashboard" className={buttonClasses(actions ? "secondary" : "primary")}>
            Go to the dashboard
          </Link>
        </div>
      </div>
      <nav aria-label="Other pages" className="mt-8 flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm">
        {([
          ["/videos", "Videos"],
          ["/upload", "Upload"],
          ["/search", "Search"],
          ["/docs", "API docs"],
        ] as const).map(([href, label]) => (
          <Link key={href} href={href} className="font-medium text-zinc-600 underline-offset-4 hover:text-zinc-900 hover:underline">
            {label}
          </Link>
        ))}
      </nav>
    </main>
  );
}
