"use client";
// Who is signed in, the same way for both modes. Local mode: the API key kept in localStorage.
// Clerk mode (NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY set at build time): Clerk's session, whose token
// the API client sends as `Bearer <token>`.
import { useAuth, useClerk } from "@clerk/nextjs";
import { useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from "react";
import { setAuthorizationSource } from "@/lib/browser/api-client";
import { clearStoredKey, keyPrefixOf, readStoredKey, storeKey, subscribeToStoredKey } from "@/lib/browser/key-storage";
import { CLERK_PUBLISHABLE_KEY } from "@/lib/env/public";

export const isClerkEnabled = Boolean(CLERK_PUBLISHABLE_KEY);

export type AuthStatus = "loading" | "signed-in" | "signed-out";

export interface AuthContextValue {
  mode: "local" | "clerk";
  status: AuthStatus;
  /** Local mode: the masked prefix of the key this browser signs in with (to mark it in lists). */
  currentKeyPrefix: string | null;
  /** Local mode: keep a key that the server has accepted. */
  signInWithKey: (key: string) => void;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuthState(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuthState must be used inside <AuthProvider>");
  return value;
}

function LocalAuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // undefined while rendering on the server and hydrating: not known yet.
  const key = useSyncExternalStore(subscribeToStoredKey, readStoredKey, () => undefined);

  // A different credential (sign-out, sign-in in another tab) must not see the previous data.
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current !== undefined && previous.current !== key) void queryClient.resetQueries();
    previous.current = key;
  }, [key, queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      mode: "local",
      status: key === undefined ? "loading" : key ? "signed-in" : "signed-out",
      currentKeyPrefix: key ? keyPrefixOf(key) : null,
      signInWithKey: storeKey,
      signOut: async () => {
        clearStoredKey();
        queryClient.clear();
      },
    }),
    [key, queryClient],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

function ClerkAuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { isLoaded, isSignedIn, getToken } = useAuth();
  const clerk = useClerk();
  // Registered while rendering so the first queries of the children already carry the token.
  setAuthorizationSource(async () => {
    const token = await getToken();
    return token ? `Bearer ${token}` : null;
  });

  const value = useMemo<AuthContextValue>(
    () => ({
      mode: "clerk",
      status: !isLoaded ? "loading" : isSignedIn ? "signed-in" : "signed-out",
      currentKeyPrefix: null,
      signInWithKey: () => {
        throw new Error("Sign-in goes through Clerk");
      },
      signOut: async () => {
        queryClient.clear();
        await clerk.signOut({ redirectUrl: "/sign-in" });
      },
    }),
    [isLoaded, isSignedIn, clerk, queryClient],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  return isClerkEnabled ? (
    <ClerkAuthProvider>{children}</ClerkAuthProvider>
  ) : (
    <LocalAuthProvider>{children}</LocalAuthProvider>
  );
}
