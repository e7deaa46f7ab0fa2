import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { format, resolveConfig } from "prettier";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CHECKOUT_STATES, DECLINE_REASONS, EVENT_TYPES, PAYMENT_STATES } from "../contract";
import { ERROR_CODES } from "../contract/errors";
import { blockKey, firstColumnCodes, readBlocks, replaceBlocks } from "./api-docs/doc-blocks";
import { EXAMPLES } from "./api-docs/examples";
import { GENERATED_TABLES } from "./api-docs/generated-tables";
import { Placeholders } from "./api-docs/placeholders";
import { renderExchange } from "./api-docs/render-exchange";
import { scriptContext } from "./api-docs/script-context";
import { type Receiver, startReceiver, startTestService, type TestService } from "./helpers";

/**
 * docs/api.md's examples are real requests to a real service, captured here. With `Date` frozen (and
 * moved on 10 s per example) and random values replaced by placeholders, the rendering is the same on
 * every run, so a change in what the API answers fails this test until the docs are refreshed.
 */
const DOC_FILE = fileURLToPath(new URL("../../docs/api.md", import.meta.url));
/** Files whose marked blocks the test writes: docs/api.md has them all, the README the one it shows. */
const FILES_WITH_BLOCKS = [DOC_FILE, fileURLToPath(new URL("../../README.md", import.meta.url))];
const REFRESH = "UPDATE_DOCS=1 npx vitest run mock-service/test/api-docs.test.ts";
const START = Date.parse("2026-03-02T10:00:00.000Z");

/** Tables written by hand (with a meaning per value) whose first column must list exactly the enum. */
const ENUM_TABLES: Record<string, readonly string[]> = {
  "error-codes": ERROR_CODES,
  "checkout-states": CHECKOUT_STATES,
  "decline-reasons": DECLINE_REASONS,
  "payment-states": PAYMENT_STATES,
  "event-types": EVENT_TYPES,
};

let service: TestService;
let receiver: Receiver;
const rendered = new Map<string, string>();

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: START });
  service = await startTestService({ PUBLIC_URL: "http://localhost:4010" });
  receiver = await startReceiver();
  const placeholders = new Placeholders([[receiver.url(""), "https://shop.example"]]);
  const script = scriptContext(service, receiver);
  for (const [index, example] of EXAMPLES.entries()) {
    vi.setSystemTime(START + index * 10_000);
    const exchange = await example.run(script).catch((err: unknown) => {
      throw new Error(`example "${example.name}" failed: ${String(err)}`);
    });
    await script.settle();
    placeholders.registerFromJson(exchange.request.body);
    placeholders.registerFromJson(exchange.response?.body);
    rendered.set(blockKey("example", example.name), placeholders.replace(renderExchange(exchange)));
  }
  for (const [name, render] of Object.entries(GENERATED_TABLES))
    rendered.set(blockKey("generated", name), render());
});

afterAll(async () => {
  vi.useRealTimers();
  await receiver?.close();
  await service?.cleanup();
});

describe("docs/api.md", () => {
  it("has a block for every example and generated table", () => {
    const inDocs = readBlocks(readFileSync(DOC_FILE, "utf8"));
    const missing = [...rendered.keys()].filter((key) => !inDocs.has(key));
    expect(
      missing,
      `put an empty block (<!-- ${missing[0]} -->, a blank line, <!-- /${missing[0]?.split(":")[0]} -->) where it belongs in docs/api.md, then run ${REFRESH}`,
    ).toEqual([]);
  });

  it.each(FILES_WITH_BLOCKS)("%s has no block that nothing writes", (file) => {
    const unknown = [...readBlocks(readFileSync(file, "utf8")).values()]
      .filter((block) => block.kind === "example" || block.kind === "generated")
      .map((block) => blockKey(block.kind, block.name))
      .filter((key) => !rendered.has(key));
    expect(unknown, "blocks that no example or table in mock-service/test/api-docs/ writes").toEqual([]);
  });

  it.each(FILES_WITH_BLOCKS)("%s shows what the API answers today", async (file) => {
    const current = readFileSync(file, "utf8");
    const expected = await format(replaceBlocks(current, rendered), {
      ...(await resolveConfig(file)),
      filepath: file,
    });
    if (process.env.UPDATE_DOCS) {
      writeFileSync(file, expected);
      return;
    }
    const before = readBlocks(current);
    const after = readBlocks(expected);
    const stale = [...after.keys()].filter((key) => before.get(key)?.content !== after.get(key)?.content);
    const first = stale[0];
    if (first) {
      expect(
        before.get(first)?.content,
        `${file} is out of date in ${stale.map((key) => `<!-- ${key} -->`).join(", ")}; refresh it with ${REFRESH}`,
      ).toBe(after.get(first)?.content);
    }
  });

  it.each(Object.entries(ENUM_TABLES))("lists every value of %s and nothing else", (name, values) => {
    const block = readBlocks(readFileSync(DOC_FILE, "utf8")).get(blockKey("enum", name));
    expect(block, `docs/api.md needs a table in <!-- enum: ${name} --> … <!-- /enum -->`).toBeDefined();
    const listed = firstColumnCodes(block?.content ?? "");
    expect(
      values.filter((value) => !listed.includes(value)),
      `values of ${name} that docs/api.md does not explain (add a row each)`,
    ).toEqual([]);
    expect(
      listed.filter((value) => !values.includes(value)),
      `rows of docs/api.md's ${name} table that the contract no longer has`,
    ).toEqual([]);
  });

  it("verifies a real notification with its plain Node.js snippet, and refuses a changed body", async () => {
    const block = readBlocks(readFileSync(DOC_FILE, "utf8")).get(blockKey("snippet", "verify-signature"));
    const code = /```js\n([\s\S]*?)```/.exec(block?.content ?? "")?.[1];
    expect(code, "docs/api.md needs a ```js block in <!-- snippet: verify-signature -->").toBeDefined();
    const dir = mkdtempSync(join(tmpdir(), "api-docs-snippet-"));
    try {
      const file = join(dir, "verify.mjs");
      writeFileSync(file, code ?? "");
      const snippet = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      const verify = Object.values(snippet)[0] as (body: string, header: string, secret: string) => boolean;
      const received = receiver.at("/callback")[0];
      const header = String(received?.headers["x-signature"]);
      const secret = service.config.SANDBOX_SIGNING_SECRET;
      expect(verify(received?.body ?? "", header, secret)).toBe(true);
      expect(verify(`${received?.body} `, header, secret)).toBe(false);
      expect(verify(received?.body ?? "", header, "whsec_another")).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
