"use client";
// Local sign-in: the key is checked by calling GET /api/dashboard with it, and kept only if the
// server accepts it. On failure the server's own words are shown.
import { useRouter } from "next/navigation";
import { useEffect, useId, useState, type FormEvent } from "react";
import { useAuthState } from "@/components/auth/auth-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";
import { api, errorDetail, unwrap } from "@/lib/browser/api-client";
import { takeSignedOutReason } from "@/lib/browser/key-storage";

/** Where to go after signing in: a same-site path from ?next=, else the dashboard. */
function nextPath(): string {
  const next = new URLSearchParams(window.location.search).get("next");
  return next && next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/sign-in") ? next : "/dashboard";
}

export function ApiKeySignInForm() {
  const router = useRouter();
  const { status, signInWithKey } = useAuthState();
  const inputId = useId();
  const helpId = useId();
  const [key, setKey] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Read once (it is removed as it is read); a second effect run (StrictMode) must not clear it.
  useEffect(() => {
    const reason = takeSignedOutReason();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- sessionStorage exists only in the browser, after hydration
    if (reason) setNotice(reason);
  }, []);

  // Already signed in (another tab, or the back button): nothing to do here.
  useEffect(() => {
    if (status === "signed-in" && !busy) router.replace(nextPath());
  }, [status, busy, router]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const candidate = key.trim();
    if (!candidate) {
      setError("Enter an API key.");
      return;
    }
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await unwrap(api.GET("/dashboard", { headers: { Authorization: candidate } }));
      signInWithKey(candidate);
      router.replace(nextPath());
    } catch (err) {
      setError(errorDetail(err));
      setBusy(false);
    }
  }

  return (
    <div className="w-full max-w-md">
      <div className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Sign in</h1>
        <p className="mt-1 text-sm text-zinc-500">Use an API key of this instance.</p>

        {notice && (
          <Alert tone="warning" className="mt-5" title="You were signed out">
            {notice}
          </Alert>
        )}

        <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
          <div>
            <label htmlFor={inputId} className="block text-sm font-medium text-zinc-800">
              API key
            </label>
            <input
              id={inputId}
              name="api_key"
              type="password"
              autoComplete="current-password"
              spellCheck={false}
              autoCapitalize="off"
              placeholder="svc_live_…"
              value={key}
              onChange={(e) => setKey(e.target.value)}
              aria-describedby={helpId}
              aria-invalid={error ? true : undefined}
              className="mt-1.5 block h-10 w-full rounded-lg border-0 bg-white px-3 font-mono text-sm text-zinc-900 shadow-xs ring-1 ring-inset ring-zinc-300 placeholder:text-zinc-400 focus:ring-2 focus:ring-accent-600 focus:outline-none aria-[invalid]:ring-red-400"
            />
          </div>
          {error && <Alert tone="error">{error}</Alert>}
          <Button type="submit" className="w-full" busy={busy}>
            Sign in
          </Button>
        </form>
      </div>

      <div id={helpId} className="mt-6 space-y-3 px-1 text-sm text-zinc-600">
        <h2 className="font-medium text-zinc-800">Where do I get a key?</h2>
        <p>
          The first start of a new instance creates a user and prints its key once in the server&apos;s console, on a
          line beginning with <code className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-xs text-zinc-800">API key:</code>
        </p>
        <p>Any time later, create a user with a key from the project folder (it works while the app runs):</p>
        <CodeBlock
          code={'npm run cli -- user create \\\n  --email you@example.com --name "Your Name"'}
          copyLabel="Copy the command"
        />
        <p>Once signed in, you can create more keys on the API keys page. The key stays in this browser until you sign out.</p>
      </div>
    </div>
  );
}
