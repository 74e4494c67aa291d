// Next 16 proxy (formerly middleware). Clerk's middleware only when Clerk is configured: without
// its keys clerkMiddleware answers 500 to every request. API routes are never matched: they
// authenticate every request themselves (API key or Clerk bearer token).
import { clerkMiddleware } from "@clerk/nextjs/server";
import { NextResponse, type NextFetchEvent, type NextMiddleware, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { CLERK_PUBLISHABLE_KEY } from "@/lib/env/public";

let clerk: NextMiddleware | null | undefined;

export default function proxy(req: NextRequest, event: NextFetchEvent) {
  // clerkMiddleware does not read CLERK_JWT_KEY by itself (lib/env repairs a PEM pasted with literal "\n").
  clerk ??= CLERK_PUBLISHABLE_KEY ? clerkMiddleware({ jwtKey: env().CLERK_JWT_KEY }) : null;
  return clerk ? clerk(req, event) : NextResponse.next();
}

export const config = {
  // Pages only: not /api, not Next internals, not static files.
  matcher: ["/((?!api(?:/|$)|_next/|.*\\.(?:ico|png|jpg|jpeg|gif|svg|webp|css|js|map|txt|woff2?)$).*)"],
};
