// npm run gen:api-types: writes lib/client/api-types.ts from the OpenAPI document (see
// lib/openapi/client-types.ts). `--openapi <file>` also writes the document itself as JSON.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { API_TYPES_FILE, generateApiTypes } from "@/lib/openapi/client-types";

const { values } = parseArgs({ options: { openapi: { type: "string" } } });
if (values.openapi) {
  fs.writeFileSync(values.openapi, JSON.stringify(buildOpenApiDocument(), null, 2) + "\n");
  console.log(`wrote ${values.openapi}`);
}
fs.writeFileSync(path.join(process.cwd(), API_TYPES_FILE), await generateApiTypes());
console.log(`wrote ${API_TYPES_FILE}`);
