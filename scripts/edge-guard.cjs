// Loaded into the server process by scripts/start.mjs (`node --require`), before Next: it sees
// every request first, on the raw socket, where Next gives route handlers no access.
// - `x-va-peer`: the socket's remote address (overwriting anything a client sent under that
//   name), so the rate limit can key unauthenticated callers on an address they cannot forge.
// - An /api path with broken percent-encoding (`/api/videos/%zz`) is answered 400 {detail}
//   here: Next would answer it with a 500 text page.
// - A request body that stops arriving is cut off after REQUEST_BODY_TIMEOUT_SECONDS of silence
//   (408 {detail}, connection closed) instead of holding the connection for minutes.
// - A PUT to /api/storage/ (the local driver's presigned upload and part URLs) lends its
//   IncomingMessage to the route under a random one-off id in `x-va-raw-body`, so the body goes to
//   disk as the socket's own stream instead of through the web stream Next wraps around it
//   (lib/storage/request-body.ts). The id is dropped when the response closes.
// - GET/HEAD /api/ping is answered here while the app boots (server/boot.ts sets `__vaBoot.ready`):
//   Next holds every request until instrumentation's register() is done, and that waits out the
//   database's retries; liveness must answer meanwhile (/api/health says what is not ready).
"use strict";
const crypto = require("node:crypto");
const http = require("node:http");

const RAW_BODIES = Symbol.for("va.rawRequestBodies");
const RAW_BODY_HEADER = "x-va-raw-body";
const rawBodies = (globalThis[RAW_BODIES] ??= new Map());

function lendRawBody(req, res) {
  const id = crypto.randomUUID();
  req.headers[RAW_BODY_HEADER] = id;
  rawBodies.set(id, req);
  res.once("close", () => rawBodies.delete(id));
}

const BODY_IDLE_MS = (Number(process.env.REQUEST_BODY_TIMEOUT_SECONDS) || 15) * 1000;

function replyJson(res, status, detail) {
  const body = JSON.stringify({ detail });
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), Connection: "close" });
  res.end(body);
}

function hasBrokenEscape(url) {
  const pathname = url.split("?")[0];
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

function watchBody(req, res) {
  const declared = req.headers["content-length"];
  if (!(declared && declared !== "0") && !req.headers["transfer-encoding"]) return;
  const socket = req.socket;
  const clear = () => {
    req.removeListener("timeout", onTimeout);
    if (!socket.destroyed) socket.setTimeout(0);
  };
  const onTimeout = () => {
    clear();
    if (!res.headersSent) replyJson(res, 408, `Request body not received (no data for ${BODY_IDLE_MS / 1000} s)`);
    setTimeout(() => socket.destroy(), 100).unref();
  };
  req.setTimeout(BODY_IDLE_MS, onTimeout);
  req.once("end", clear);
  res.once("finish", clear);
  res.once("close", clear);
}

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res) {
  if (event === "request" && req && res && req.headers) {
    req.headers["x-va-peer"] = (req.socket && req.socket.remoteAddress) || "";
    delete req.headers[RAW_BODY_HEADER];
    const url = req.url || "/";
    if ((url === "/api" || url.startsWith("/api/") || url.startsWith("/api?")) && hasBrokenEscape(url)) {
      replyJson(res, 400, "Malformed URL: invalid percent-encoding in the path");
      return true;
    }
    if (url === "/api/ping" && (req.method === "GET" || req.method === "HEAD") && !globalThis.__vaBoot?.ready) {
      const body = JSON.stringify({ ok: true });
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
      res.end(req.method === "HEAD" ? undefined : body);
      return true;
    }
    watchBody(req, res);
    if (req.method === "PUT" && url.startsWith("/api/storage/")) lendRawBody(req, res);
  }
  return emit.apply(this, arguments);
};
