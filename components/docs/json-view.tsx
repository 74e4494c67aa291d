// Pretty-printed JSON with light syntax colours; `$ref`s to component schemas become links.
import type { ReactNode } from "react";
import type { JsonValue } from "./openapi";
import { schemaAnchor } from "./openapi";

const REF_PREFIX = "#/components/schemas/";

function render(value: JsonValue, indent: number, key?: string): ReactNode {
  const pad = "  ".repeat(indent);
  const padInner = "  ".repeat(indent + 1);
  if (value === null) return <span className="text-zinc-300 italic">null</span>;
  if (typeof value === "string") {
    if (key === "$ref" && value.startsWith(REF_PREFIX)) {
      const name = value.slice(REF_PREFIX.length);
      return (
        <a href={`#${schemaAnchor(name)}`} className="text-sky-300 underline decoration-sky-300/40 underline-offset-2 hover:decoration-sky-300">
          {JSON.stringify(value)}
        </a>
      );
    }
    return <span className="text-emerald-300">{JSON.stringify(value)}</span>;
  }
  if (typeof value === "number") return <span className="text-amber-300">{String(value)}</span>;
  if (typeof value === "boolean") return <span className="text-violet-300">{String(value)}</span>;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const scalar = value.every((v) => v === null || typeof v !== "object");
    if (scalar && JSON.stringify(value).length < 60) {
      return (
        <>
          [
          {value.map((v, i) => (
            <span key={i}>
              {i > 0 && ", "}
              {render(v, indent)}
            </span>
          ))}
          ]
        </>
      );
    }
    return (
      <>
        {"[\n"}
        {value.map((v, i) => (
          <span key={i}>
            {padInner}
            {render(v, indent + 1)}
            {i < value.length - 1 ? ",\n" : "\n"}
          </span>
        ))}
        {pad}]
      </>
    );
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return "{}";
  return (
    <>
      {"{\n"}
      {entries.map(([k, v], i) => (
        <span key={k}>
          {padInner}
          <span className="text-sky-200">{JSON.stringify(k)}</span>: {render(v, indent + 1, k)}
          {i < entries.length - 1 ? ",\n" : "\n"}
        </span>
      ))}
      {pad}
      {"}"}
    </>
  );
}

export function JsonView({ value, label }: { value: JsonValue; label?: string }) {
  return (
    <pre
      tabIndex={0}
      aria-label={label}
      className="max-h-96 overflow-auto rounded-lg bg-zinc-900 p-3 font-mono text-xs leading-relaxed text-zinc-200"
    >
      <code>{render(value, 0)}</code>
    </pre>
  );
}
