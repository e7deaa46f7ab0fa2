import { describe, expect, it } from "vitest";
import { firstColumnCodes, readBlocks, replaceBlocks } from "./api-docs/doc-blocks";
import { Placeholders } from "./api-docs/placeholders";

describe("Placeholders", () => {
  it("numbers each kind in order of appearance and gives a value the same placeholder every time", () => {
    const placeholders = new Placeholders();
    const text = placeholders.replace(
      "ck_abcdefghij0123456789 pay_ABCDEFGHIJ0123456789 ck_abcdefghij0123456789 " +
        "3f2b1c4d-1111-4a2b-9c3d-0123456789ab",
    );
    expect(text).toBe(
      "ck_EXAMPLE0000000000001 pay_EXAMPLE0000000000002 ck_EXAMPLE0000000000001 " +
        "00000000-0000-4000-8000-000000000001",
    );
    expect(placeholders.replace("again ck_abcdefghij0123456789")).toBe("again ck_EXAMPLE0000000000001");
  });

  it("keeps a secret's prefix and length, and replaces a signature's hex", () => {
    const placeholders = new Placeholders();
    const secret = "whsec_AbC-dEf_0123456789abcdefghijklmn";
    const out = placeholders.replace(`${secret} t=1772445720,v1=${"ab".repeat(32)}`);
    expect(out).toBe(`whsec_EXAMPLE${"0".repeat(24)}1 t=1772445720,v1=${"0".repeat(63)}1`);
    expect(out.split(" ")[0]).toHaveLength(secret.length);
  });

  it("replaces values registered from JSON keys wherever they appear, and whole numbers only", () => {
    const placeholders = new Placeholders([["http://127.0.0.1:5123", "https://shop.example"]]);
    placeholders.registerFromJson({ referenceDetails: { entity: "81234", reference: "987654321" } });
    expect(
      placeholders.replace(
        '{"entity": "81234", "reference": "987654321", "amount": 812345} http://127.0.0.1:5123/cb',
      ),
    ).toBe('{"entity": "12345", "reference": "123456701", "amount": 812345} https://shop.example/cb');
  });
});

describe("doc blocks", () => {
  const markdown = [
    "# Title",
    "<!-- example: one -->",
    "old",
    "<!-- /example -->",
    "text",
    "<!-- enum: codes -->",
    "| `a` | first |",
    "| `b` | second |",
    "<!-- /enum -->",
  ].join("\n");

  it("reads blocks by kind and name, and rewrites only the ones given", () => {
    expect(readBlocks(markdown).get("example: one")?.content).toBe("old");
    const rewritten = replaceBlocks(markdown, new Map([["example: one", "new"]]));
    expect(readBlocks(rewritten).get("example: one")?.content).toBe("new");
    expect(rewritten).toContain("text\n<!-- enum: codes -->\n| `a` | first |");
  });

  it("refuses a block name used twice", () => {
    expect(() => readBlocks(`${markdown}\n<!-- example: one -->\n<!-- /example -->`)).toThrow(/twice/);
  });

  it("lists a table's first-column codes", () => {
    expect(firstColumnCodes(readBlocks(markdown).get("enum: codes")?.content ?? "")).toEqual(["a", "b"]);
  });
});
