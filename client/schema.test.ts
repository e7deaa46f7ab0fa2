import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generateSchemaTypes, SCHEMA_FILE } from "./generate";

describe("the typed client", () => {
  it("matches the served OpenAPI document (npm run generate:client after changing the API)", async () => {
    const committed = readFileSync(SCHEMA_FILE, "utf8");
    expect(committed === (await generateSchemaTypes()), "client/schema.d.ts is out of date").toBe(true);
  });
});
