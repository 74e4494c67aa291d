// The browser's configuration: NEXT_PUBLIC_* variables, written out literally so that Next inlines
// their build-time values into the bundles (browser and server alike). The server checks them at
// start with the rest (lib/env/schema.ts); code reads them here, never through env().

/** Clerk's publishable key: set, the web app signs in with Clerk; unset, with an API key. */
export const CLERK_PUBLISHABLE_KEY: string | undefined = process.env.NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY || undefined;
