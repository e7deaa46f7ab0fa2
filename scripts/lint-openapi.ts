import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildOpenApiDocument } from "../mock-service/src/openapi/build-document";

/** Lints the served OpenAPI document with Spectral's `spectral:oas` ruleset: any warning fails. */
const dir = mkdtempSync(join(tmpdir(), "openapi-lint-"));
const file = join(dir, "openapi.json");
try {
  writeFileSync(file, JSON.stringify(await buildOpenApiDocument(), null, 2));
  const result = spawnSync(
    "npx",
    ["--no-install", "spectral", "lint", file, "--ruleset", ".spectral.yaml", "--fail-severity", "warn"],
    { stdio: "inherit" },
  );
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
