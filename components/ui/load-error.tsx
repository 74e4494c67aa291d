// "Could not load …" with the server's words and a Try again button, for a query that failed.
// With `notFound`, a 404 says that instead: asking again would get the same answer.
import type { ReactNode } from "react";
import { errorDetail, isApiClientError } from "@/lib/browser/api-client";
import { Alert } from "./alert";
import { Button } from "./button";

/** What a failed query needs: its error and a way to ask again. */
export interface FailedQuery {
  error: unknown;
  refetch: () => unknown;
}

export interface NotFound {
  title: string;
  /** The text under the title; the server's words when left out. */
  detail?: ReactNode;
  /** In place of Try again, e.g. a link elsewhere; nothing when left out. */
  action?: ReactNode;
}

/** The usual text of a 404 on something that was the caller's, or never was. */
export const NOT_FOUND_DETAIL = "It may have been deleted, or it belongs to another account.";

export function LoadError({ title, query, notFound, className }: { title: string; query: FailedQuery; notFound?: NotFound; className?: string }) {
  if (notFound && isApiClientError(query.error, 404)) {
    return (
      <Alert tone="error" className={className} title={notFound.title} action={notFound.action}>
        {notFound.detail ?? errorDetail(query.error)}
      </Alert>
    );
  }
  return (
    <Alert
      tone="error"
      className={className}
      title={title}
      action={
        <Button size="sm" variant="secondary" onClick={() => query.refetch()}>
          Try again
        </Button>
      }
    >
      {errorDetail(query.error)}
    </Alert>
  );
}
