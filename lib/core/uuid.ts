// The one test of "is this a UUID" (ids in URLs, bodies and claims), for server and browser alike.
// Where a malformed id is decided: a path id by the route wrapper (declared with `pathId` in the endpoint's contract, lib/schemas/contract.ts),
// any other id by the query in db/queries that looks it up (it matches nothing); ops never check.
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
