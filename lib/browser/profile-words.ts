import { item } from "@/lib/core/item";
// How the signed-in person is named on the pages. The first start of a local install makes a
// user called "Local user" at local@localhost: neither is a name or an address anyone reads, so
// the pages greet nobody by it and show no such address.

const PLACEHOLDER_NAME = "local user";

/** An address that reaches a mailbox (not `…@localhost` or a host without a dot), else null. */
export function shownEmail(email: string | null | undefined): string | null {
  const domain = email?.split("@")[1]?.toLowerCase();
  if (!domain || domain === "localhost" || domain.endsWith(".localhost") || !domain.includes(".")) return null;
  return email!;
}

/** The first name to greet with ("Hello, Ada"), or null for no name or the local placeholder. */
export function greetingName(fullName: string | null | undefined): string | null {
  const name = fullName?.trim();
  if (!name || name.toLowerCase() === PLACEHOLDER_NAME) return null;
  return item(name.split(/\s+/), 0);
}
