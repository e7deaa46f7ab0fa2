import { writeFileSync } from "node:fs";
import { generateSchemaTypes, SCHEMA_FILE } from "../client/generate";

/** Writes client/schema.d.ts from the served OpenAPI document. */
writeFileSync(SCHEMA_FILE, await generateSchemaTypes());
console.log(`wrote ${SCHEMA_FILE.pathname}`);
