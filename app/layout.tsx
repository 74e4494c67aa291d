import { ClerkProvider } from "@clerk/nextjs";
import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import "./globals.css";
import { CLERK_PUBLISHABLE_KEY } from "@/lib/env/public";

export const metadata: Metadata = {
  title: { default: "Video Analysis", template: "%s · Video Analysis" },
  description: "Upload videos, run analysis modules, and search and question the results.",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#fafafa" },
    { media: "(prefers-color-scheme: dark)", color: "#09090b" },
  ],
};

// Clerk only when its publishable key is set (inlined at build time); otherwise local sign-in
// with an API key.
const clerkPublishableKey = CLERK_PUBLISHABLE_KEY;

export default function RootLayout({ children }: { children: ReactNode }) {
  const app = <Providers>{children}</Providers>;
  return (
    <html lang="en">
      <body className="min-h-dvh font-sans">
        {clerkPublishableKey ? (
          <ClerkProvider
            publishableKey={clerkPublishableKey}
            signInUrl="/sign-in"
            signInFallbackRedirectUrl="/dashboard"
            afterSignOutUrl="/sign-in"
          >
            {app}
          </ClerkProvider>
        ) : (
          app
        )}
      </body>
    </html>
  );
}
