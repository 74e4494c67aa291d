// Turns a zod error into the one-line `detail` a client can act on: "<field>: <rule>".
import type { z } from "zod";

function rule(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return /received undefined/.test(issue.message) ? "is required" : `must be ${article(issue.expected)}`;
    case "too_big":
      return `must be at most ${issue.maximum}${unit(issue.origin, issue.maximum)}`;
    case "too_small": {
      if (issue.origin === "string" && Number(issue.minimum) === 1) return "must not be empty";
      return `must be at least ${issue.minimum}${unit(issue.origin, issue.minimum)}`;
    }
    case "invalid_value":
      return `must be one of ${issue.values.map(String).join(", ")}`;
    case "invalid_format":
      return `must be a valid ${issue.format}`;
    case "unrecognized_keys":
      return `unknown field ${issue.keys.join(", ")}`;
    default:
      return issue.message;
  }
}

function unit(origin: string, n: number | bigint): string {
  const one = Number(n) === 1;
  if (origin === "string") return one ? " character" : " characters";
  if (origin === "array" || origin === "set") return one ? " item" : " items";
  return "";
}

function article(expected: string): string {
  if (expected === "int") return "an integer";
  if (expected === "array") return "an array";
  if (expected === "object") return "an object";
  return `a ${expected}`;
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let v = input;
  for (const k of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/** `input` is what was parsed: a field that is absent from it is reported as required. */
export function zodDetail(error: z.ZodError, root = "body", input?: unknown): string {
  const issue = error.issues[0];
  if (!issue) return `${root}: invalid`;
  const field = issue.path.length ? issue.path.map(String).join(".") : root;
  const missing = issue.path.length > 0 && input !== undefined && valueAt(input, issue.path) === undefined;
  return `${field}: ${missing && issue.code !== "unrecognized_keys" ? "is required" : rule(issue)}`;
}
