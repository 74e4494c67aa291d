import { SignIn } from "@clerk/nextjs";
import type { Metadata } from "next";
import Link from "next/link";
import { ApiKeySignInForm } from "@/components/auth/api-key-sign-in-form";
import { Logo } from "@/components/shell/logo";
import { CLERK_PUBLISHABLE_KEY } from "@/lib/env/public";

export const metadata: Metadata = { title: "Sign in" };

// With Clerk configured, Clerk's sign-in; otherwise sign-in with an API key of this instance.
const clerkEnabled = Boolean(CLERK_PUBLISHABLE_KEY);

export default function SignInPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 py-10 sm:py-16">
      <div className="mb-8">
        <Logo className="text-lg" />
      </div>
      {clerkEnabled ? (
        <SignIn routing="path" path="/sign-in" fallbackRedirectUrl="/dashboard" />
      ) : (
        <ApiKeySignInForm />
      )}
      <p className="mt-8 text-sm text-zinc-500">
        <Link href="/docs" className="font-medium text-zinc-700 underline-offset-4 hover:underline">
          API documentation
        </Link>
      </p>
    </main>
  );
}
