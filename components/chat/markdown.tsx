// Renders a chat answer's Markdown (read by markdown-parse.ts and markdown-inline.ts) with React
// elements only: every piece of text is escaped by React, no HTML from the answer reaches the
// page. Time stamps become buttons that seek the player.
import { Fragment, useMemo, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import type { Inline } from "./markdown-inline";
import { parseMarkdown, type Align, type Block } from "./markdown-parse";

export type SeekHandler = (seconds: number) => void;

function TimeStamp({ node, onSeek }: { node: Extract<Inline, { type: "time" }>; onSeek?: SeekHandler }) {
  if (!onSeek) return <span className="font-mono text-xs text-zinc-600 tabular-nums">{node.label}</span>;
  return (
    <button
      type="button"
      onClick={() => onSeek(node.start)}
      aria-label={`Play from ${node.label}`}
      data-seconds={node.start}
      className="mx-0.5 inline-flex h-6 items-center gap-1 rounded-md bg-white px-1.5 align-[0.05em] font-mono text-xs font-medium text-accent-700 tabular-nums ring-1 ring-accent-200 ring-inset hover:bg-accent-50"
    >
      <svg viewBox="0 0 16 16" className="size-3" fill="currentColor" aria-hidden="true">
        <path d="M5 3.5v9l7-4.5-7-4.5Z" />
      </svg>
      {node.label}
    </button>
  );
}

function renderInline(nodes: Inline[], onSeek?: SeekHandler): ReactNode[] {
  return nodes.map((node, k) => {
    switch (node.type) {
      case "text":
        return <Fragment key={k}>{node.text}</Fragment>;
      case "break":
        return <br key={k} />;
      case "strong":
        return (
          <strong key={k} className="font-semibold text-zinc-900">
            {renderInline(node.children, onSeek)}
          </strong>
        );
      case "em":
        return <em key={k}>{renderInline(node.children, onSeek)}</em>;
      case "code":
        return (
          <code key={k} className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.85em] text-zinc-800">
            {node.text}
          </code>
        );
      case "link": {
        const external = !node.href.startsWith("/");
        return (
          <a
            key={k}
            href={node.href}
            className="font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800"
            {...(external ? { target: "_blank", rel: "noopener noreferrer nofollow" } : {})}
          >
            {renderInline(node.children, onSeek)}
          </a>
        );
      }
      case "time":
        return <TimeStamp key={k} node={node} onSeek={onSeek} />;
    }
  });
}

const HEADING_TAGS = ["h3", "h4", "h5", "h6", "h6", "h6"] as const;
const alignClass = (a: Align) => (a === "center" ? "text-center" : a === "right" ? "text-right" : "text-left");

function renderBlocks(blocks: Block[], onSeek: SeekHandler | undefined, tight = false): ReactNode[] {
  return blocks.map((block, k) => {
    switch (block.type) {
      case "paragraph":
        // A list item of one paragraph holds its text directly, without the paragraph's spacing.
        return tight ? <Fragment key={k}>{renderInline(block.children, onSeek)}</Fragment> : <p key={k}>{renderInline(block.children, onSeek)}</p>;
      case "heading": {
        const Tag = HEADING_TAGS[block.level - 1]!;
        return (
          <Tag key={k} className={cn("font-semibold text-zinc-900", block.level <= 2 ? "text-base" : "text-sm")}>
            {renderInline(block.children, onSeek)}
          </Tag>
        );
      }
      case "code":
        return (
          <pre key={k} tabIndex={0} className="overflow-x-auto rounded-lg bg-zinc-900 px-3 py-2.5 font-mono text-xs leading-relaxed text-zinc-100">
            <code data-lang={block.lang ?? undefined}>{block.text}</code>
          </pre>
        );
      case "list": {
        const items = block.items.map((item, n) => (
          <li key={n} className="pl-1 [&>*+*]:mt-1.5">
            {renderBlocks(item, onSeek, item.length === 1 && item[0]!.type === "paragraph")}
          </li>
        ));
        return block.ordered ? (
          <ol key={k} start={block.start === 1 ? undefined : block.start} className="list-decimal space-y-1 pl-5 marker:text-zinc-400">
            {items}
          </ol>
        ) : (
          <ul key={k} className="list-disc space-y-1 pl-5 marker:text-zinc-400">
            {items}
          </ul>
        );
      }
      case "quote":
        return (
          <blockquote key={k} className="space-y-2 border-l-2 border-zinc-300 pl-3 text-zinc-600">
            {renderBlocks(block.children, onSeek)}
          </blockquote>
        );
      case "table":
        return (
          <div key={k} className="overflow-x-auto rounded-lg ring-1 ring-zinc-200">
            <table className="min-w-full divide-y divide-zinc-200 text-sm">
              <thead className="bg-zinc-50">
                <tr>
                  {block.header.map((cell, c) => (
                    <th key={c} scope="col" className={cn("px-3 py-1.5 font-medium text-zinc-700", alignClass(block.align[c]!))}>
                      {renderInline(cell, onSeek)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100">
                {block.rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, c) => (
                      <td key={c} className={cn("px-3 py-1.5 align-top", alignClass(block.align[c]!))}>
                        {renderInline(cell, onSeek)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      case "rule":
        return <hr key={k} className="border-zinc-200" />;
    }
  });
}

/** A chat answer: Markdown rendered safely, its [mm:ss] time stamps as buttons calling `onSeek`. */
export function Markdown({ source, onSeek, className }: { source: string; onSeek?: SeekHandler; className?: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return <div className={cn("space-y-3 text-sm leading-relaxed break-words text-zinc-800", className)}>{renderBlocks(blocks, onSeek)}</div>;
}
