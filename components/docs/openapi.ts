// The parts of an OpenAPI 3.0 document the docs page reads, and how it groups them.
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonSchema = { [key: string]: JsonValue };

export interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface MediaTypes {
  [mediaType: string]: { schema?: JsonSchema };
}

export interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: MediaTypes };
  responses?: Record<string, { description?: string; content?: MediaTypes }>;
  security?: unknown[];
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    securitySchemes?: Record<string, { type: string; in?: string; name?: string; scheme?: string; bearerFormat?: string }>;
  };
}

export interface Endpoint {
  method: string;
  path: string;
  op: OpenApiOperation;
  anchor: string;
}

const METHOD_ORDER = ["get", "post", "put", "patch", "delete", "head", "options"];

/** Endpoints grouped by their first tag, in the order the tags first appear. */
export function groupByTag(doc: OpenApiDocument): { tag: string; endpoints: Endpoint[] }[] {
  const groups = new Map<string, Endpoint[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    const methods = Object.keys(item)
      .filter((m) => METHOD_ORDER.includes(m))
      .sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b));
    for (const method of methods) {
      const op = item[method]!;
      const tag = op.tags?.[0] ?? "Other";
      const anchor = `op-${op.operationId ?? `${method}-${path}`}`.replace(/[^a-zA-Z0-9_-]+/g, "-");
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method: method.toUpperCase(), path, op, anchor });
    }
  }
  return [...groups].map(([tag, endpoints]) => ({ tag, endpoints }));
}

export function tagAnchor(tag: string): string {
  return `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

export function schemaAnchor(name: string): string {
  return `schema-${name}`;
}

/** A short type label for a parameter's schema: `string`, `integer (≤ 200)`, `"a" | "b"`. */
export function typeLabel(schema: JsonSchema | undefined): string {
  if (!schema) return "any";
  if (typeof schema.$ref === "string") return schema.$ref.split("/").pop() ?? "object";
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  const type = typeof schema.type === "string" ? schema.type : "any";
  const bits: string[] = [];
  if (typeof schema.format === "string") bits.push(schema.format);
  if (typeof schema.minimum === "number") bits.push(`≥ ${schema.minimum}`);
  if (typeof schema.maximum === "number") bits.push(`≤ ${schema.maximum}`);
  if (typeof schema.default !== "undefined") bits.push(`default ${JSON.stringify(schema.default)}`);
  if (type === "array" && schema.items && typeof schema.items === "object" && !Array.isArray(schema.items)) {
    return `${typeLabel(schema.items as JsonSchema)}[]`;
  }
  return bits.length ? `${type} (${bits.join(", ")})` : type;
}

const REF_PREFIX = "#/components/schemas/";

/** The component name a `{"$ref": "#/components/schemas/X"}` points at, if that is all it is. */
export function refName(schema: JsonSchema | undefined): string | null {
  const ref = schema?.$ref;
  return typeof ref === "string" && ref.startsWith(REF_PREFIX) ? ref.slice(REF_PREFIX.length) : null;
}

/** The schema with component `$ref`s inlined (a schema already being expanded stays a `$ref`). */
export function resolveRefs(value: JsonValue, schemas: Record<string, JsonSchema>, seen: string[] = []): JsonValue {
  if (Array.isArray(value)) return value.map((v) => resolveRefs(v, schemas, seen));
  if (value === null || typeof value !== "object") return value;
  const name = refName(value);
  if (name && schemas[name] && !seen.includes(name)) return resolveRefs(schemas[name], schemas, [...seen, name]);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveRefs(v, schemas, seen)]));
}
