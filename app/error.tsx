"use client";
// An error while rendering a page: say so plainly and offer to try again (the details went to the
// server's log and the browser console, not onto the page).
import { useEffect } from "react";
import { StatusPage } from "@/components/shell/status-page";
import { Button } from "@/components/ui/button";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <StatusPage code="Error" title="Something went wrong" actions={<Button onClick={reset}>Try again</Button>}>
      This page could not be shown. Trying again often helps; if it keeps happening, reload the page.
      {error.digest && <span className="mt-2 block text-xs text-zinc-500">Reference: {error.digest}</span>}
    </StatusPage>
  );
}
