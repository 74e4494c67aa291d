// Server-side request forgery guard for webhook URLs: http(s) only, and no loopback, private,
// link-local, multicast or reserved address, checked at registration and again at delivery on the
// address actually connected to (after DNS), unless WEBHOOK_ALLOW_PRIVATE_URLS=1.
import dns from "node:dns";
import net from "node:net";
import { badRequest } from "@/lib/core/errors";
import { env } from "@/lib/env";
import { item } from "@/lib/core/item";

const blocked = new net.BlockList();
for (const [addr, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) blocked.addSubnet(addr, prefix, "ipv4");
for (const [addr, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) blocked.addSubnet(addr, prefix, "ipv6");

export function allowPrivateUrls(): boolean {
  return env().WEBHOOK_ALLOW_PRIVATE_URLS;
}

/** True for addresses a webhook must not reach (IPv4-mapped IPv6 is judged as its IPv4). */
export function isBlockedAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isBlockedAddress(mapped[1]!);
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family === 6) return blocked.check(address, "ipv6");
  return true;
}

const REFUSED = "Webhook URL must not point to a loopback, private or link-local address";

/** Parses and checks a URL given at registration; throws 400 {detail}. */
export async function assertWebhookUrl(raw: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest("Webhook URL must be an absolute http or https URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw badRequest("Webhook URL must use http or https");
  if (url.username || url.password) throw badRequest("Webhook URL must not contain credentials");
  if (allowPrivateUrls()) return url.toString();
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host)) {
    if (isBlockedAddress(host)) throw badRequest(REFUSED);
    return url.toString();
  }
  if (host === "localhost" || host.endsWith(".localhost") || !host.includes(".")) throw badRequest(REFUSED);
  // A name that does not resolve now may later; delivery checks again on every attempt.
  const addresses = await dns.promises.lookup(host, { all: true }).catch(() => []);
  if (addresses.some((a) => isBlockedAddress(a.address))) throw badRequest(REFUSED);
  return url.toString();
}

/** A `lookup` for http.request that refuses blocked addresses, so the checked address is the one used. */
export const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "", 0);
    const list = addresses as dns.LookupAddress[];
    const bad = !allowPrivateUrls() && list.find((a) => isBlockedAddress(a.address));
    if (bad) return callback(Object.assign(new Error(`${REFUSED} (${hostname} resolves to ${bad.address})`), { code: "EBLOCKED" }), "", 0);
    if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, item(list, 0).address, item(list, 0).family);
  });
};
