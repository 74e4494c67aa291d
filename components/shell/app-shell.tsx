"use client";
// The frame of every signed-in page: navigation (a sidebar on wide screens, a menu button on
// phones), who is signed in, and sign-out. Signed-out visitors are sent to /sign-in.
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useAuthState } from "@/components/auth/auth-provider";
import { cn } from "@/components/ui/cn";
import { LoadingBlock } from "@/components/ui/spinner";
import { NotificationBell } from "@/components/notifications/notification-bell";
import { useDashboard } from "@/hooks/queries/dashboard";
import { Logo } from "./logo";
import { primaryNav, secondaryNav, type NavItem } from "./nav-items";
import { shownEmail } from "@/lib/browser/profile-words";

function isCurrent(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

function NavList({ items, pathname, label, onNavigate }: { items: NavItem[]; pathname: string; label: string; onNavigate: () => void }) {
  return (
    <ul aria-label={label} className="space-y-0.5">
      {items.map((item) => {
        const current = isCurrent(pathname, item.href);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              onClick={onNavigate}
              aria-current={current ? "page" : undefined}
              className={cn(
                "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors",
                current ? "bg-accent-50 text-accent-700" : "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900",
              )}
            >
              <span className={cn(current ? "text-accent-600" : "text-zinc-400")}>{item.icon}</span>
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function initials(name: string | null | undefined, email: string | undefined): string {
  const source = name?.trim() || email || "?";
  const words = source.split(/[\s@._-]+/).filter(Boolean);
  return ((words[0]?.[0] ?? "?") + (name && words[1] ? words[1][0] : "")).toUpperCase();
}

function UserPanel() {
  const { signOut } = useAuthState();
  const { data, isPending, isError } = useDashboard();
  const profile = data?.profile;
  const email = shownEmail(profile?.email);
  const [signingOut, setSigningOut] = useState(false);
  return (
    <div className="border-t border-zinc-200 p-3">
      <div className="flex items-center gap-3 px-1 py-1.5">
        {profile?.avatar_url ? (
          // eslint-disable-next-line @next/next/no-img-element -- avatars come from the identity provider's host; next/image would need it configured
          <img src={profile.avatar_url} alt="" className="size-9 shrink-0 rounded-full object-cover" />
        ) : (
          <span className="grid size-9 shrink-0 place-items-center rounded-full bg-zinc-200 text-sm font-semibold text-zinc-700" aria-hidden="true">
            {profile ? initials(profile.full_name, email ?? undefined) : ""}
          </span>
        )}
        <div className="min-w-0 flex-1" data-testid="signed-in-user">
          {isPending ? (
            <span role="status" className="block h-4 w-28 animate-pulse rounded bg-zinc-200">
              <span className="sr-only">Loading your profile</span>
            </span>
          ) : isError ? (
            <span className="text-sm text-zinc-500">Profile unavailable</span>
          ) : (
            <>
              <p className="truncate text-sm font-medium text-zinc-900" title={profile?.full_name || email || undefined}>
                {profile?.full_name || email || "Signed in"}
              </p>
              {profile?.full_name && email && (
                <p className="truncate text-xs text-zinc-500" title={email}>
                  {email}
                </p>
              )}
            </>
          )}
        </div>
        <NotificationBell className="relative hidden lg:block" placement="above-left" />
      </div>
      <button
        type="button"
        onClick={async () => {
          setSigningOut(true);
          await signOut();
        }}
        disabled={signingOut}
        className="mt-1 flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900"
      >
        <svg className="size-5 text-zinc-400" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M14.5 8V5.5a2 2 0 0 0-2-2h-6a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2V16M10 12h10.5m0 0-3-3m3 3-3 3" />
        </svg>
        {signingOut ? "Signing out…" : "Sign out"}
      </button>
    </div>
  );
}

function Sidebar({ pathname, onNavigate }: { pathname: string; onNavigate: () => void }) {
  return (
    <div className="flex h-full flex-col">
      <nav aria-label="Main" className="flex-1 space-y-6 overflow-y-auto px-3 py-4">
        <NavList items={primaryNav} pathname={pathname} label="Workspace" onNavigate={onNavigate} />
        <div>
          <p className="px-3 pb-1 text-xs font-medium tracking-wide text-zinc-500 uppercase" aria-hidden="true">
            Developers
          </p>
          <NavList items={secondaryNav} pathname={pathname} label="Developers" onNavigate={onNavigate} />
        </div>
      </nav>
      <UserPanel />
    </div>
  );
}

export function AppShell({ children }: { children: ReactNode }) {
  const { status } = useAuthState();
  const router = useRouter();
  const pathname = usePathname();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // Back to the same page after sign-in, query included (e.g. /chat?video=…&session=…).
    if (status === "signed-out") router.replace(`/sign-in?next=${encodeURIComponent(pathname + window.location.search)}`);
  }, [status, pathname, router]);

  // The phone menu closes on Escape, handing focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  if (status !== "signed-in") {
    return (
      <main className="grid min-h-dvh place-items-center">
        <LoadingBlock label={status === "signed-out" ? "Redirecting to sign-in…" : "Loading…"} />
      </main>
    );
  }

  return (
    <div className="min-h-dvh lg:pl-64">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>

      {/* Phone and tablet: a top bar with a menu button. */}
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-zinc-200 bg-white/90 px-4 backdrop-blur lg:hidden">
        <Link href="/dashboard" aria-label="Video Analysis, dashboard">
          <Logo />
        </Link>
        <button
          ref={menuButton}
          type="button"
          onClick={() => setMenuOpen((o) => !o)}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          className="-mr-2 grid size-10 place-items-center rounded-lg text-zinc-700 hover:bg-zinc-100"
        >
          <span className="sr-only">{menuOpen ? "Close menu" : "Open menu"}</span>
          <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
            {menuOpen ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </header>

      {menuOpen && (
        <div className="fixed inset-0 top-14 z-20 bg-zinc-900/30 lg:hidden" aria-hidden="true" onClick={() => setMenuOpen(false)} />
      )}

      <aside
        id={menuId}
        aria-label="Navigation"
        className={cn(
          "fixed z-20 w-72 max-w-[85vw] border-r border-zinc-200 bg-white",
          "top-14 bottom-0 left-0 lg:top-0 lg:w-64",
          menuOpen ? "block" : "hidden lg:block",
        )}
      >
        <div className="hidden h-16 items-center px-6 lg:flex">
          <Link href="/dashboard" aria-label="Video Analysis, dashboard">
            <Logo />
          </Link>
        </div>
        <div className="h-full lg:h-[calc(100%-4rem)]">
          <Sidebar pathname={pathname} onNavigate={() => setMenuOpen(false)} />
        </div>
      </aside>
      {/* Phones: the bell sits in the top bar, left of the menu button; it comes after the navigation in tab order. */}
      <NotificationBell className="fixed top-2 right-[3.25rem] z-40 lg:hidden" />

      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl px-4 py-6 focus:outline-none sm:px-6 lg:px-10 lg:py-10">
        {children}
      </main>
    </div>
  );
}
