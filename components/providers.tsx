"use client";
// Client-side providers of every page: react-query and the sign-in state.
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { AuthProvider, isClerkEnabled } from "@/components/auth/auth-provider";
import { isApiClientError } from "@/lib/browser/api-client";
import { clearStoredKey } from "@/lib/browser/key-storage";

// A key that stops working (deactivated or deleted, maybe from another tab) signs this browser
// out; the sign-in page then shows the server's reason.
function onError(err: unknown) {
  if (!isClerkEnabled && isApiClientError(err, 401)) clearStoredKey(err.detail);
}

function makeQueryClient() {
  return new QueryClient({
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
