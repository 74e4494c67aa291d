// The app's sections, in the order the navigation shows them.
import type { ReactNode } from "react";

export interface NavItem {
  href: string;
  label: string;
  icon: ReactNode;
}

const icon = (d: string) => (
  <svg className="size-5 shrink-0" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d={d} />
  </svg>
);

export const primaryNav: NavItem[] = [
  { href: "/dashboard", label: "Dashboard", icon: icon("M4 13h6V4H4v9Zm0 7h6v-4H4v4Zm10 0h6v-9h-6v9Zm0-16v4h6V4h-6Z") },
  { href: "/videos", label: "Videos", icon: icon("M3.5 6.5A2 2 0 0 1 5.5 4.5h9a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2h-9a2 2 0 0 1-2-2v-11Zm13 4 4-2.5v8l-4-2.5") },
  { href: "/upload", label: "Upload", icon: icon("M12 15.5V4m0 0L7.5 8.5M12 4l4.5 4.5M4.5 15v3a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2v-3") },
  { href: "/search", label: "Search", icon: icon("m20 20-4.2-4.2M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13Z") },
  { href: "/clips", label: "Clips", icon: icon("M6 4.5v15m12-15v15M3.5 8h5m7 0h5m-17 8h5m7 0h5M6 4.5h12v15H6z") },
  { href: "/chat", label: "Chat", icon: icon("M7.5 18.5 4 20.5v-14a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H7.5Zm1-9.5h7m-7 3.5h4.5") },
  { href: "/projects", label: "Projects", icon: icon("M3.5 7a2 2 0 0 1 2-2h4l2 2.5h7a2 2 0 0 1 2 2V17a2 2 0 0 1-2 2h-13a2 2 0 0 1-2-2V7Z") },
  { href: "/storage", label: "Storage", icon: icon("M4 7c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3Zm0 0v10c0 1.7 3.6 3 8 3s8-1.3 8-3V7M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3") },
];

export const secondaryNav: NavItem[] = [
  { href: "/keys", label: "API keys", icon: icon("M14.5 9.5a3 3 0 1 0 0-.01M12.2 11.3 4 19.5V21h3v-2h2v-2h2l1.7-1.7M15.5 3.5a5.5 5.5 0 1 1-3.3 9.9") },
  { href: "/webhooks", label: "Webhooks", icon: icon("M9 7.5a3 3 0 1 1 4.5 2.6L16 15m-7.5 4.5a3 3 0 1 1 1-5.8l2.7-4.6M15 16.5h-6m6 0a3 3 0 1 0 5.2-2") },
  { href: "/docs", label: "API docs", icon: icon("M6.5 3.5h8l4 4v13h-12v-17Zm8 0v4h4M9 12h6m-6 3.5h6") },
];
