import type { Metadata } from "next";
import Link from "next/link";
import { ApiReference } from "@/components/docs/api-reference";
import { WebhooksGuide } from "@/components/docs/webhooks-guide";
import type { OpenApiDocument } from "@/components/docs/openapi";
import { Logo } from "@/components/shell/logo";
import { buttonClasses } from "@/components/ui/button";
import { buildOpenApiDocument } from "@/lib/openapi/document";

export const metadata: Metadata = { title: "API docs" };

// The same document GET /api/openapi.json serves, built from the endpoint contracts; rendered
// here on the server, so the page needs no network, no CDN and no sign-in.
export default function DocsPage() {
  const doc = buildOpenApiDocument() as unknown as OpenApiDocument;
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-10 border-b border-zinc-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
          <Link href="/dashboard" aria-label="Video Analysis, dashboard">
            <Logo />
          </Link>
          <nav aria-label="Docs" className="flex items-center gap-1 sm:gap-2">
            <span className="hidden sm:contents">
              <a href="/api/openapi.json" className={buttonClasses("ghost", "sm")}>
                openapi.json
              </a>
            </span>
            <Link href="/dashboard" className={buttonClasses("secondary", "sm")}>
              Open the app
            </Link>
          </nav>
        </div>
      </header>
      <main>
        <ApiReference doc={doc} />
        <WebhooksGuide />
      </main>
    </div>
  );
}
