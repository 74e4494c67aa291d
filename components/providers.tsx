"use client";
// Client-side providers of every page: react-query and the sign-in state.
import { MutationCache, QueryCache, QueryClient, QueryClientProvider, type InvalidateOptions, type InvalidateQueryFilters } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { AuthProvider, isClerkEnabled } from "@/components/auth/auth-provider";
import { isApiClientError } from "@/lib/browser/api-client";
import { clearStoredKey } from "@/lib/browser/key-storage";

// A key that stops working (deactivated or deleted, maybe from another tab) signs this browser
// out; the sign-in page then shows the server's reason.
function onError(err: unknown) {
  if (!isClerkEnabled && isApiClientError(err, 401)) clearStoredKey(err.detail);
}

/**
 * A change (a mutation's success) invalidates the lists it touches, and they are read again — also
 * one whose first read is still on its way. react-query would hand that read's answer back (it
 * cancels a running fetch for a refetch only when the query already has data), and that answer may
 * have been read before the change: an endpoint added while the webhooks list was still loading
 * stayed missing after "Done" (found by CI on a loaded machine; e2e/webhooks.spec.ts).
 */
class ChangeAwareQueryClient extends QueryClient {
  override async invalidateQueries(filters?: InvalidateQueryFilters, options?: InvalidateOptions): Promise<void> {
    await this.cancelQueries({
      ...filters,
      predicate: (q) => q.state.data === undefined && q.state.fetchStatus === "fetching" && (filters?.predicate?.(q) ?? true),
    });
    return super.invalidateQueries(filters, options);
  }
}

function makeQueryClient() {
  return new ChangeAwareQueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: true,
        // Client errors (4xx) will not fix themselves; network and 5xx get two more tries.
        retry: (failures, err) =>
          !(isApiClientError(err) && err.status >= 400 && err.status < 500) && failures < 2,
      },
    },
  });
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}
