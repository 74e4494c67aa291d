// Every /api route handler behind a plain node:http server, the way Next hands them a request (see
// web-handler-server.ts), with scripts/edge-guard.cjs loaded first as `npm start` loads it before
// Next, the embedded database in DATA_DIR and one user. Started by multipart.ts; sends {port,
// apiKey} over IPC.
import "../../scripts/edge-guard.cjs";
import { getDb } from "../../db/client";
import { createUserWithKey } from "../../lib/users/create-user-with-key";
import { dispatch } from "../../tests/helpers/routes";
import { serveWebHandler } from "./web-handler-server";

const db = await getDb();
const { api_key: apiKey } = await createUserWithKey(db, { email: "bench@example.com", name: "Bench" });
serveWebHandler(dispatch, (port) => process.send?.({ port, apiKey }));
