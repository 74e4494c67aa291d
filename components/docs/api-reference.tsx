// The API reference, rendered from the OpenAPI document: endpoints grouped by tag, each with its
// method, path, summary, parameters, request body and responses; then the shared schemas.
import { Fragment, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { JsonView } from "./json-view";
import {
  groupByTag,
  refName,
  resolveRefs,
  schemaAnchor,
  tagAnchor,
  typeLabel,
  type Endpoint,
  type JsonSchema,
  type OpenApiDocument,
} from "./openapi";

const methodStyles: Record<string, string> = {
  GET: "bg-emerald-50 text-emerald-700 ring-emerald-600/25",
  POST: "bg-sky-50 text-sky-700 ring-sky-600/25",
  PUT: "bg-amber-50 text-amber-800 ring-amber-600/25",
  PATCH: "bg-amber-50 text-amber-800 ring-amber-600/25",
  DELETE: "bg-red-50 text-red-700 ring-red-600/25",
};

export function MethodBadge({ method, className }: { method: string; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex w-16 shrink-0 justify-center rounded-md py-0.5 font-mono text-[11px] font-semibold ring-1 ring-inset",
        methodStyles[method] ?? "bg-zinc-100 text-zinc-700 ring-zinc-500/25",
        className,
      )}
    >
      {method}
    </span>
  );
}

/** Text with `code spans` (the document's descriptions use Markdown backticks). */
function InlineText({ text }: { text: string }) {
  return (
    <>
      {text.split(/(`[^`]+`)/g).map((part, i) =>
        part.startsWith("`") && part.endsWith("`") ? (
          <code key={i} className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.85em] text-zinc-800">
            {part.slice(1, -1)}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

function SubHeading({ children }: { children: ReactNode }) {
  return <h4 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">{children}</h4>;
}

function Parameters({ endpoint }: { endpoint: Endpoint }) {
  const params = endpoint.op.parameters ?? [];
  if (params.length === 0) return null;
  return (
    <div>
      <SubHeading>Parameters</SubHeading>
      <div tabIndex={0} className="overflow-x-auto rounded-lg border border-zinc-200">
        <table className="w-full text-left text-sm">
          <thead className="bg-zinc-50 text-xs text-zinc-500">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">Name</th>
              <th scope="col" className="px-3 py-2 font-medium">In</th>
              <th scope="col" className="px-3 py-2 font-medium">Type</th>
              <th scope="col" className="px-3 py-2 font-medium">Required</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100">
            {params.map((p) => (
              <tr key={`${p.in}-${p.name}`}>
                <td className="px-3 py-2 font-mono text-xs text-zinc-900">
                  {p.name}
                  {p.description && <p className="mt-0.5 font-sans text-xs text-zinc-500">{p.description}</p>}
                </td>
                <td className="px-3 py-2 text-zinc-600">{p.in}</td>
                <td className="px-3 py-2 font-mono text-xs text-zinc-600">{typeLabel(p.schema)}</td>
                <td className="px-3 py-2 text-zinc-600">{p.required ? "yes" : "no"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function firstSchema(content: Record<string, { schema?: JsonSchema }> | undefined) {
  const [mediaType, media] = Object.entries(content ?? {})[0] ?? [];
  return { mediaType, schema: media?.schema };
}

type Schemas = Record<string, JsonSchema>;

/** A body's schema as JSON, with component references inlined and named. */
function SchemaBlock({ schema, schemas, label }: { schema: JsonSchema; schemas: Schemas; label: string }) {
  const name = refName(schema);
  const itemName = schema.type === "array" ? refName(schema.items as JsonSchema | undefined) : null;
  const shown = name ?? (itemName ? `${itemName}[]` : null);
  return (
    <div>
      {shown && (
        <p className="mb-1.5 text-xs text-zinc-500">
          Schema{" "}
          <a href={`#${schemaAnchor(name ?? itemName!)}`} className="font-mono font-medium text-accent-700 hover:underline">
            {shown}
          </a>
        </p>
      )}
      <JsonView value={resolveRefs(schema, schemas)} label={label} />
    </div>
  );
}

function RequestBody({ endpoint, schemas }: { endpoint: Endpoint; schemas: Schemas }) {
  const body = endpoint.op.requestBody;
  if (!body) return null;
  const { mediaType, schema } = firstSchema(body.content);
  return (
    <div>
      <SubHeading>
        Request body{" "}
        <span className="font-mono font-normal tracking-normal normal-case">
          {mediaType}
          {body.required ? "" : " (optional)"}
        </span>
      </SubHeading>
      {schema ? (
        <SchemaBlock schema={schema} schemas={schemas} label={`Request body schema of ${endpoint.method} ${endpoint.path}`} />
      ) : null}
    </div>
  );
}

function Responses({ endpoint, schemas }: { endpoint: Endpoint; schemas: Schemas }) {
  const entries = Object.entries(endpoint.op.responses ?? {});
  const success = entries.filter(([code]) => code.startsWith("2"));
  const errors = entries.filter(([code]) => !code.startsWith("2"));
  return (
    <div className="space-y-4">
      {success.map(([code, res]) => {
        const { mediaType, schema } = firstSchema(res.content);
        return (
          <div key={code}>
            <SubHeading>
              Response <span className="font-mono text-emerald-700">{code}</span>{" "}
              <span className="font-normal tracking-normal normal-case">
                {res.description}
                {mediaType && <span className="font-mono"> · {mediaType}</span>}
              </span>
            </SubHeading>
            {schema ? (
              <SchemaBlock schema={schema} schemas={schemas} label={`Response ${code} schema of ${endpoint.method} ${endpoint.path}`} />
            ) : null}
          </div>
        );
      })}
      {errors.length > 0 && (
        <div>
          <SubHeading>Errors</SubHeading>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-600">
            {errors.map(([code, res]) => (
              <li key={code}>
                <span className="font-mono font-medium text-red-700">{code}</span> {res.description}
              </li>
            ))}
          </ul>
          <p className="mt-1 text-xs text-zinc-500">
            Error bodies are{" "}
            <a href={`#${schemaAnchor("Error")}`} className="font-mono text-accent-700 hover:underline">
              {"{\"detail\": \"…\"}"}
            </a>
            .
          </p>
        </div>
      )}
    </div>
  );
}

function EndpointArticle({ endpoint, schemas }: { endpoint: Endpoint; schemas: Schemas }) {
  const isPublic = Array.isArray(endpoint.op.security) && endpoint.op.security.length === 0;
  return (
    <article id={endpoint.anchor} aria-labelledby={`${endpoint.anchor}-title`} className="scroll-mt-20 rounded-xl border border-zinc-200 bg-white shadow-xs">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-zinc-100 px-4 py-3 sm:px-5">
        <h3 id={`${endpoint.anchor}-title`} className="flex min-w-0 items-center gap-3">
          <MethodBadge method={endpoint.method} />
          <span className="font-mono text-sm font-medium [overflow-wrap:anywhere] text-zinc-900"><BreakablePath path={`/api${endpoint.path}`} /></span>
        </h3>
        <span
          className={cn(
            "ml-auto rounded-full px-2 py-0.5 text-xs font-medium",
            isPublic ? "bg-zinc-100 text-zinc-600" : "bg-accent-50 text-accent-700",
          )}
        >
          {isPublic ? "No auth" : "Auth required"}
        </span>
      </header>
      <div className="space-y-5 px-4 py-4 sm:px-5">
        {endpoint.op.summary && (
          <p className="text-sm text-zinc-700">
            <InlineText text={endpoint.op.summary} />
          </p>
        )}
        {endpoint.op.description && (
          <p className="text-sm text-zinc-600">
            <InlineText text={endpoint.op.description} />
          </p>
        )}
        <Parameters endpoint={endpoint} />
        <RequestBody endpoint={endpoint} schemas={schemas} />
        <Responses endpoint={endpoint} schemas={schemas} />
      </div>
    </article>
  );
}

/** A path that wraps after a slash (or before a `{`), not in the middle of a word. */
function BreakablePath({ path }: { path: string }) {
  const parts = path.split(/(?<=\/)|(?=\{)/);
  return (
    <>
      {parts.map((p, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {p}
        </Fragment>
      ))}
    </>
  );
}

function EndpointIndex({ groups }: { groups: ReturnType<typeof groupByTag> }) {
  return (
    <ul className="space-y-5">
      {groups.map(({ tag, endpoints }) => (
        <li key={tag}>
          <a href={`#${tagAnchor(tag)}`} className="text-sm font-semibold text-zinc-900 hover:text-accent-700">
            {tag}
          </a>
          <ul className="mt-1.5 space-y-0.5">
            {endpoints.map((e) => (
              <li key={e.anchor}>
                <a href={`#${e.anchor}`} className="flex items-start gap-2 rounded-md px-1.5 py-1 text-xs text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900">
                  <MethodBadge method={e.method} className="w-12 text-[10px]" />
                  <span className="min-w-0 font-mono [overflow-wrap:anywhere]"><BreakablePath path={e.path} /></span>
                </a>
              </li>
            ))}
          </ul>
        </li>
      ))}
      <li>
        <a href="#schemas" className="text-sm font-semibold text-zinc-900 hover:text-accent-700">
          Schemas
        </a>
      </li>
    </ul>
  );
}

export function ApiReference({ doc }: { doc: OpenApiDocument }) {
  const groups = groupByTag(doc);
  const schemas = Object.entries(doc.components?.schemas ?? {}).sort(([a], [b]) => a.localeCompare(b));
  const base = doc.servers?.[0]?.url ?? "/api";
  const schemes = Object.entries(doc.components?.securitySchemes ?? {});

  return (
    <div className="mx-auto flex w-full max-w-7xl gap-10 px-4 py-8 sm:px-6 lg:px-8">
      <nav aria-label="Endpoints" className="sticky top-20 hidden max-h-[calc(100dvh-6rem)] w-64 shrink-0 self-start overflow-y-auto lg:block">
        <EndpointIndex groups={groups} />
      </nav>

      <div className="min-w-0 flex-1 space-y-10">
        <section aria-labelledby="docs-title">
          <p className="text-sm font-medium text-accent-700">API reference · v{doc.info.version}</p>
          <h1 id="docs-title" className="mt-1 text-3xl font-semibold tracking-tight text-zinc-900">
            {doc.info.title}
          </h1>
          {doc.info.description && (
            <p className="mt-3 max-w-3xl text-zinc-600">
              <InlineText text={doc.info.description} />
            </p>
          )}
          <p className="mt-2 text-sm text-zinc-500">
            The machine-readable document:{" "}
            <a href="/api/openapi.json" className="font-mono text-accent-700 hover:underline">
              /api/openapi.json
            </a>{" "}
            (OpenAPI {doc.openapi}).
          </p>
          <dl className="mt-6 grid max-w-3xl gap-4 rounded-xl border border-zinc-200 bg-white p-5 text-sm shadow-xs sm:grid-cols-2">
            <div>
              <dt className="font-medium text-zinc-900">Base URL</dt>
              <dd className="mt-1 font-mono text-zinc-600">{base}</dd>
              <dd className="mt-1 text-xs text-zinc-500">Paths below include it, relative to this server.</dd>
            </div>
            <div>
              <dt className="font-medium text-zinc-900">Authentication</dt>
              {schemes.map(([name, s]) => (
                <dd key={name} className="mt-1 text-zinc-600">
                  {s.type === "apiKey" ? (
                    <>
                      API key in the <code className="font-mono text-zinc-800">{s.name}</code> {s.in}
                    </>
                  ) : s.type === "http" ? (
                    <>
                      <code className="font-mono text-zinc-800">Authorization: Bearer &lt;{s.bearerFormat ?? "token"}&gt;</code>
                    </>
                  ) : (
                    s.type
                  )}
                </dd>
              ))}
            </div>
          </dl>
          <details className="mt-6 rounded-xl border border-zinc-200 bg-white px-4 py-3 shadow-xs lg:hidden">
            <summary className="cursor-pointer text-sm font-medium text-zinc-900">All endpoints</summary>
            <div className="mt-3">
              <EndpointIndex groups={groups} />
            </div>
          </details>
        </section>

        {groups.map(({ tag, endpoints }) => (
          <section key={tag} id={tagAnchor(tag)} aria-labelledby={`${tagAnchor(tag)}-title`} className="scroll-mt-20 space-y-4">
            <h2 id={`${tagAnchor(tag)}-title`} className="text-xl font-semibold tracking-tight text-zinc-900">
              {tag}
            </h2>
            {endpoints.map((e) => (
              <EndpointArticle key={e.anchor} endpoint={e} schemas={doc.components?.schemas ?? {}} />
            ))}
          </section>
        ))}

        <section id="schemas" aria-labelledby="schemas-title" className="scroll-mt-20 space-y-4">
          <h2 id="schemas-title" className="text-xl font-semibold tracking-tight text-zinc-900">
            Schemas
          </h2>
          {schemas.map(([name, schema]) => (
            <div key={name} id={schemaAnchor(name)} className="scroll-mt-20 rounded-xl border border-zinc-200 bg-white p-4 shadow-xs sm:p-5">
              <h3 className="mb-3 font-mono text-sm font-semibold text-zinc-900">{name}</h3>
              <JsonView value={schema} label={`Schema ${name}`} />
            </div>
          ))}
        </section>
      </div>
    </div>
  );
}
