// Reading the app's OpenAPI document for the suites it drives (guard-isolation, guard-robustness):
// its operations, their path parameters, and a minimal valid value for any schema in it. Every
// function takes the document as plain JSON (see loadOpenApiDoc).
import crypto from "node:crypto";
import { expect } from "vitest";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { call } from "./api";

const METHODS = ["get", "post", "put", "patch", "delete", "head"];

export interface Operation {
  /** Upper case, as sent. */
  method: string;
  /** As in the document, e.g. `/keys/{key_id}`. */
  path: string;
  op: any;
}

/** The document as the client receives it (JSON round trip), so it can be compared with /api/openapi.json. */
export function loadOpenApiDoc(): any {
  return JSON.parse(JSON.stringify(buildOpenApiDocument()));
}

/** Asserts that /api/openapi.json serves exactly this document, so a suite built from it covers what clients see. */
export async function expectServedDocument(doc: any): Promise<void> {
  const served = await call("GET", "/openapi.json");
  expect(served.status).toBe(200);
  expect(served.body).toEqual(doc);
}

export function listOperations(doc: any): Operation[] {
  return Object.entries<any>(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ method: m.toUpperCase(), path, op: item[m] })),
  );
}

export const requiresAuth = (op: any): boolean => op.security === undefined || op.security.length > 0;

export const pathParamNames = (path: string): string[] => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

/** The schema itself, following `$ref`s into components.schemas. */
export function resolveSchema(doc: any, schema: any): any {
  let s = schema;
  for (let i = 0; s?.$ref && i < 20; i++) s = doc.components.schemas[s.$ref.split("/").pop()];
  return s;
}

/** A minimal valid value for a schema (required properties only). */
export function sampleValue(doc: any, schema: any): unknown {
  const sample = (x: any) => sampleValue(doc, x);
  const s = resolveSchema(doc, schema);
  if (!s) return null;
  if (s.default !== undefined) return s.default;
  if (s.example !== undefined) return s.example;
  if (s.enum) return s.enum[0];
  if (s.anyOf || s.oneOf) return sample((s.anyOf ?? s.oneOf)[0]);
  if (s.allOf) return Object.assign({}, ...s.allOf.map(sample));
  switch (s.type) {
    case "object":
      return Object.fromEntries((s.required ?? []).map((k: string) => [k, sample(s.properties?.[k])]));
    case "array":
      return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items));
    case "string":
      if (s.format === "email") return "someone@example.com";
      if (s.format === "uuid") return crypto.randomUUID();
      if (s.format === "date-time") return new Date().toISOString();
      if (s.format === "uri" || s.format === "url") return "https://example.com/";
      return "x".repeat(Math.max(1, s.minLength ?? 1));
    case "integer":
    case "number":
      return Math.min(Math.max(1, s.minimum ?? 1), s.maximum ?? 1);
    case "boolean":
      return false;
    default:
      return null;
  }
}

/**
 * The value of a path parameter that is not a resource id (an enum in the document, e.g. a module
 * name): its first member. Undefined for an id, which a suite has to make a resource for.
 */
export function enumPathParam(doc: any, o: Operation, name: string): string | undefined {
  const p = (o.op.parameters ?? []).find((x: any) => x.in === "path" && x.name === name);
  const s = resolveSchema(doc, p?.schema);
  return s?.enum ? String(s.enum[0]) : undefined;
}
