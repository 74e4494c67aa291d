// npm run gen: writes every generated file, in order. First the module registry's files from the
// folders of lib/pipeline/modules (lib/pipeline/modules/generate.ts), then lib/client/api-types.ts
// from the OpenAPI document (lib/openapi/client-types.ts), which lists the modules just written.
// `--openapi <file>` also writes the document itself as JSON.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { generateModuleFiles } from "@/lib/pipeline/modules/generate";

const { values } = parseArgs({ options: { openapi: { type: "string" } } });

for (const [file, text] of Object.entries(await generateModuleFiles())) {
  fs.writeFileSync(path.join(process.cwd(), file), text);
  console.log(`wrote ${file}`);
}

// Imported only now: the document reads the module registry, which reads the files just written.
const { buildOpenApiDocument } = await import("@/lib/openapi/document");
const { API_TYPES_FILE, generateApiTypes } = await import("@/lib/openapi/client-types");
if (values.openapi) {
  fs.writeFileSync(values.openapi, JSON.stringify(buildOpenApiDocument(), null, 2) + "\n");
  console.log(`wrote ${values.openapi}`);
}
fs.writeFileSync(path.join(process.cwd(), API_TYPES_FILE), await generateApiTypes());
console.log(`wrote ${API_TYPES_FILE}`);
