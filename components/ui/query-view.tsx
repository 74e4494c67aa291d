// The states of a list fetched with react-query, in one place: loading, failed (with Try again),
// empty, and the content once there is something to show.
import type { ReactNode } from "react";
import { LoadError, type FailedQuery } from "./load-error";
import { LoadingBlock } from "./spinner";

export interface ViewableQuery<T> extends FailedQuery {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
}

export function QueryView<T>({
  query,
  loadingLabel,
  loadingClassName,
  errorTitle,
  errorClassName,
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  empty,
  children,
}: {
  query: ViewableQuery<T>;
  loadingLabel: string;
  loadingClassName?: string;
  /** "Could not load …" */
  errorTitle: string;
  errorClassName?: string;
  /** Whether to show `empty` rather than the content; by default, an empty array. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingBlock label={loadingLabel} className={loadingClassName} />;
  if (query.isError || query.data === undefined) return <LoadError title={errorTitle} query={query} className={errorClassName} />;
  if (empty !== undefined && isEmpty(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
