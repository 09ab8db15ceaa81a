// `npm run manifest`: writes conformance/api.json (the API manifest for ports in other languages)
// and conformance/schema.json (the vector format as JSON Schema) from the library as it is.
// conformance/manifest.test.ts fails when either checked-in file differs from what this writes.
import { writeFileSync } from "node:fs";
import { API_FILE, SCHEMA_FILE, libraryManifest, manifestText, schemaText } from "../conformance/manifest";

writeFileSync(API_FILE, manifestText(libraryManifest()));
writeFileSync(SCHEMA_FILE, schemaText());
console.log(`manifest: wrote ${API_FILE} and ${SCHEMA_FILE}`);
