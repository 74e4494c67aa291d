// The webhook URL guard, applied to imports by URL: http(s) only, no credentials, and no
// loopback, private, link-local, multicast or reserved address — checked on the URL given, on
// every redirect, and on the address actually connected to (after DNS) — unless
// IMPORT_ALLOW_PRIVATE_URLS=1 (tests, a local file server).
import dns from "node:dns";
import net from "node:net";
import { badRequest } from "@/lib/core/errors";
import { isBlockedAddress } from "@/lib/webhooks/url-guard";
import { env } from "@/lib/env";
import { item } from "@/lib/core/item";

export function importAllowsPrivateUrls(): boolean {
  return env().IMPORT_ALLOW_PRIVATE_URLS;
}

export const IMPORT_URL_REFUSED = "url: must not point to a loopback, private or link-local address";

/** Why a URL may not be fetched, or null when it may (the DNS answer is checked again at connect). */
export async function importUrlProblem(raw: string): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "url: must be an absolute http or https URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "url: must use http or https";
  if (url.username || url.password) return "url: must not contain credentials";
  if (importAllowsPrivateUrls()) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host)) return isBlockedAddress(host) ? IMPORT_URL_REFUSED : null;
  if (host === "localhost" || host.endsWith(".localhost") || !host.includes(".")) return IMPORT_URL_REFUSED;
  const addresses = await dns.promises.lookup(host, { all: true }).catch(() => []);
  return addresses.some((a) => isBlockedAddress(a.address)) ? IMPORT_URL_REFUSED : null;
}

/** 400 `{detail}` for a URL that may not be fetched. */
export async function assertImportUrl(raw: string): Promise<URL> {
  const problem = await importUrlProblem(raw);
  if (problem) throw badRequest(problem);
  return new URL(raw);
}

/** A `lookup` for http.request that refuses blocked addresses, so the checked address is the one used. */
export const importLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "", 0);
    const list = addresses as dns.LookupAddress[];
    const bad = !importAllowsPrivateUrls() && list.find((a) => isBlockedAddress(a.address));
    if (bad) return callback(Object.assign(new Error(`The URL's host ${hostname} resolves to a loopback, private or link-local address`), { code: "EBLOCKED" }), "", 0);
    if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, item(list, 0).address, item(list, 0).family);
  });
};
