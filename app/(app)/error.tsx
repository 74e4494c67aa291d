"use client";
// An error while rendering a signed-in page: the navigation stays, the content says what happened.
import { useEffect } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export default function SignedInError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className="py-10">
      <Alert tone="error" title="Something went wrong" action={<Button size="sm" variant="secondary" onClick={reset}>Try again</Button>}>
        This page could not be shown. Trying again often helps; if it keeps happening, reload the page.
        {error.digest && <span className="mt-1 block text-xs">Reference: {error.digest}</span>}
      </Alert>
    </div>
  );
}
