import { buildOpenApiDocument } from "../mock-service/src/openapi/build-document";

/** Prints the OpenAPI document (as `GET /openapi.json` serves it) to stdout, or to the file given. */
const document = JSON.stringify(await buildOpenApiDocument(), null, 2);
const target = process.argv[2];
if (target) {
  const { writeFileSync } = await import("node:fs");
  writeFileSync(target, `${document}\n`);
} else {
  process.stdout.write(`${document}\n`);
}
