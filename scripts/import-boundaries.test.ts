import { ESLint } from "eslint";
import { configs } from "typescript-eslint";
import { describe, expect, it } from "vitest";

/**
 * The import boundaries of eslint.config.js, checked on code written here (type information is not
 * needed for them, so it is switched off: the files do not exist).
 */
const untyped = new ESLint({ overrideConfig: [configs.disableTypeChecked] });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await untyped.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === "no-restricted-imports")
    .map((m) => /'([^']+)' import/.exec(m.message)?.[1] ?? m.message);
}

describe("import boundaries", () => {
  it("the widget and the demo take only the contract from the service", async () => {
    const code = [
      'import { isoTimestamp } from "../../mock-service/src/domain/time";',
      'import { CHECKOUT_ID } from "../../mock-service/contract/ids";',
      'import { checkoutId } from "../../mock-service/contract";',
      "export const x = [isoTimestamp, CHECKOUT_ID, checkoutId];",
    ].join("\n");
    expect(await restricted("widget/loader/example.ts", code)).toEqual([
      "../../mock-service/src/domain/time",
    ]);
    expect(await restricted("demo-merchant/src/example.ts", code)).toEqual([
      "../../mock-service/src/domain/time",
    ]);
  });

  it("domain/ imports no I/O and nothing of the service but the contract", async () => {
    const code = [
      'import { readFileSync } from "node:fs";',
      'import { createHmac } from "node:crypto";',
      'import type { Kysely } from "kysely";',
      'import type { Db } from "../store/db";',
      'import type { Checkout } from "../../contract";',
      'import { newId } from "./ids";',
      "export const x = [readFileSync, createHmac, newId] as unknown as [Kysely<never>, Db, Checkout];",
    ].join("\n");
    expect(await restricted("mock-service/src/domain/example.ts", code)).toEqual([
      "node:fs",
      "kysely",
      "../store/db",
    ]);
  });

  it("routes do not reach the store", async () => {
    const code = 'import { findPayment } from "../store/payments";\nexport const x = findPayment;\n';
    expect(await restricted("mock-service/src/routes/example.ts", code)).toEqual(["../store/payments"]);
    expect(await restricted("mock-service/src/operations/example.ts", code)).toEqual([]);
  });
});
