// The local storage driver's object endpoint. No Authorization: the URL's signature is the
// credential. Bodies are streamed, so these do not go through `handle` (its JSON body reader).
import { getObject, putObject } from "@/lib/storage/object-requests";
import { rawRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// PUT /api/storage/object/{key} – upload through a presigned URL (streamed to disk, max 4 GB)
export const PUT = rawRoute("PUT /storage/object", (req: Request) => putObject(req));

// GET /api/storage/object/{key} – download through a presigned URL (Range supported)
export const GET = rawRoute("GET /storage/object", (req: Request) => getObject(req));

// HEAD /api/storage/object/{key} – size and type through a presigned URL
export const HEAD = rawRoute("HEAD /storage/object", (req: Request) => getObject(req, true));

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods("GET", "PUT");
