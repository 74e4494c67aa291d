"use client";
import { CopyButton } from "./copy-button";

/** A shell command in a dark block, with a copy button in its title bar. */
export function CodeBlock({ code, label = "Terminal", copyLabel }: { code: string; label?: string; copyLabel: string }) {
  return (
    <div className="overflow-hidden rounded-lg bg-zinc-900">
      <div className="flex items-center justify-between border-b border-white/10 py-1 pr-1 pl-3">
        <span className="text-xs text-zinc-300">{label}</span>
        <CopyButton text={code} size="sm" variant="on-dark" accessibleLabel={copyLabel} />
      </div>
      <pre tabIndex={0} className="overflow-x-auto px-3 py-2.5 font-mono text-xs leading-relaxed text-zinc-100">
        <code>{code}</code>
      </pre>
    </div>
  );
}
