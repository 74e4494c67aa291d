// A known /api route called with a method it does not have: 405 {detail} with an Allow header,
// instead of Next's bare empty 405. Each route file ends with
//   export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
// naming the methods it implements; the destructuring is type-checked against that list, and a
// test fails when a route file leaves a method out. OPTIONS answers 204 with the same Allow
// (Next's own OPTIONS would list the refusing handlers as allowed).
import { errorResponse } from "./handler";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

type MethodHandler = (req: Request) => Promise<Response>;

const REFUSES = Symbol("refuses the method");

/** True for the handlers made by `otherMethods` (they are not operations of the API). */
export function isMethodRefusal(fn: unknown): boolean {
  return typeof fn === "function" && REFUSES in fn;
}

export function otherMethods<A extends HttpMethod>(
  ...allowed: A[]
): Record<Exclude<HttpMethod, A> | "OPTIONS", MethodHandler> {
  // HEAD comes with GET and OPTIONS with any route (Next answers both itself).
  const own = HTTP_METHODS.filter((m) => allowed.includes(m as A));
  const allow = [...own, ...(allowed.includes("GET" as A) ? ["HEAD"] : []), "OPTIONS"].join(", ");
  const refuse: MethodHandler = async (req) =>
    errorResponse(405, `Method ${req.method} is not allowed here (allowed: ${own.join(", ")})`, { Allow: allow });
  Object.defineProperty(refuse, REFUSES, { value: true });
  const options: MethodHandler = async () => new Response(null, { status: 204, headers: { Allow: allow } });
  Object.defineProperty(options, REFUSES, { value: true });
  const out: Partial<Record<HttpMethod | "OPTIONS", MethodHandler>> = { OPTIONS: options };
  for (const m of HTTP_METHODS) if (!allowed.includes(m as A)) out[m] = refuse;
  return out as Record<Exclude<HttpMethod, A> | "OPTIONS", MethodHandler>;
}
