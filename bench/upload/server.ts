// The object route behind a plain node:http server, the way Next hands it a request (see
// web-handler-server.ts), with scripts/edge-guard.cjs loaded first as `npm start` loads it before
// Next. Started by run.ts; sends its port over IPC.
import "../../scripts/edge-guard.cjs";
import path from "node:path";
import { serveWebHandler } from "./web-handler-server";

type RouteFn = (req: Request) => Promise<Response>;

const routeFile = path.join(process.cwd(), "app/api/storage/object/[...key]/route.ts");
const route = (await import(routeFile)) as Record<string, RouteFn>;

serveWebHandler(
  async (req) => {
    const fn = route[req.method];
    if (!new URL(req.url).pathname.startsWith("/api/storage/object/") || !fn) return new Response(null, { status: 404 });
    return fn(req);
  },
  (port) => process.send?.({ port }),
);
