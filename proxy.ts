// Next 16 proxy (formerly middleware). Clerk's middleware only when Clerk is configured: without
// its keys clerkMiddleware answers 500 to every request. API routes are never matched: they
// authenticate every request themselves (API key or Clerk bearer token).
import { clerkMiddleware } from "@clerk/nextjs/server";
import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";

const clerk = process.env.NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY
  ? clerkMiddleware({
      // clerkMiddleware does not read CLERK_JWT_KEY by itself; a PEM pasted with literal "\n" is repaired.
      jwtKey: process.env.CLERK_JWT_KEY?.replace(/\\n/g, "\n") || undefined,
    })
  : null;

export default function proxy(req: NextRequest, event: NextFetchEvent) {
  return clerk ? clerk(req, event) : NextResponse.next();
}

export const config = {
  // Pages only: not /api, not Next internals, not static files.
  matcher: ["/((?!api(?:/|$)|_next/|.*\\.(?:ico|png|jpg|jpeg|gif|svg|webp|css|js|map|txt|woff2?)$).*)"],
};
