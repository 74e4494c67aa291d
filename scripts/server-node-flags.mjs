// Node flags of the app server process: scripts/start.mjs (npm start) runs `next start` with them,
// and bench/upload/multipart.ts runs its app servers with them too.
//
// --initial-old-space-size=128: the server's live heap is small (30-60 MB) while it streams large
// request bodies (uploads). Each 64 KiB socket chunk is an ArrayBuffer, and with V8's default
// limits such a process ran major GCs back to back during an upload (~50 mark-compacts per GiB,
// 1-2 s of concurrent marking per GiB on V8's helper threads; bench/upload/README.md). With a
// 128 MB floor under the old generation's limit V8 skips full GCs below it (3 per GiB), and the
// server's CPU per GiB uploaded fell from 4.3 to 2.8 s (app-server.ts) and from 3.6 to 2.7 s
// (next start). The cost: up to 128 MB of heap before the first major GC.
export const SERVER_NODE_FLAGS = ["--initial-old-space-size=128"];
