"use client";
import { useEffect, useState } from "react";
import { Button } from "./button";

// navigator.clipboard exists only in secure contexts (https, localhost); a self-hosted instance
// reached over plain http on a LAN address falls back to a hidden textarea and execCommand.
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall through */
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

export function CopyButton({
  text,
  label = "Copy",
  accessibleLabel,
  variant = "secondary",
  size = "sm",
  className,
}: {
  text: string;
  label?: string;
  /** What is copied, for screen readers: "Copy API key". */
  accessibleLabel?: string;
  variant?: "primary" | "secondary" | "ghost" | "on-dark";
  size?: "sm" | "md";
  className?: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const t = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(t);
  }, [state]);

  return (
    <>
      <Button
        variant={variant}
        size={size}
        aria-label={accessibleLabel}
        className={className}
        onClick={async () => setState((await copyText(text)) ? "copied" : "failed")}
      >
        <svg className="size-4" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
          {state === "copied" ? (
            <path d="m4.5 10.5 3.5 3.5 7.5-8" strokeLinecap="round" strokeLinejoin="round" />
          ) : (
            <>
              <rect x="7" y="7" width="9.5" height="9.5" rx="2" />
              <path d="M13 7V5a1.5 1.5 0 0 0-1.5-1.5h-6A1.5 1.5 0 0 0 4 5v6.5A1.5 1.5 0 0 0 5.5 13H7" />
            </>
          )}
        </svg>
        {label && (state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : label)}
      </Button>
      <span className="sr-only" aria-live="polite">
        {state === "copied" ? "Copied to clipboard" : state === "failed" ? "Could not copy; select the text and copy it" : ""}
      </span>
    </>
  );
}
