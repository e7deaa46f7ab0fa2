// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { en } from "./en";
import { EMBEDDED_CATALOG_ID, readEmbeddedCatalog } from "./embedded-catalog";

function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument();
  const block = doc.createElement("script");
  block.type = "application/json";
  block.id = EMBEDDED_CATALOG_ID;
  block.textContent = json;
  doc.head.append(block);
  return doc;
}

describe("the catalog embedded in the frame page", () => {
  it("is read for its own language only", () => {
    const doc = pageWith(JSON.stringify({ language: "en", messages: en }));
    expect(readEmbeddedCatalog("en", doc)).toEqual(en);
    expect(readEmbeddedCatalog("pt", doc)).toBeUndefined();
  });

  it("is ignored when missing or unreadable", () => {
    expect(readEmbeddedCatalog("en", document.implementation.createHTMLDocument())).toBeUndefined();
    expect(readEmbeddedCatalog("en", pageWith("{not json"))).toBeUndefined();
    expect(readEmbeddedCatalog("en", pageWith('{"language":"en","messages":{}}'))).toBeUndefined();
    expect(readEmbeddedCatalog("en", undefined)).toBeUndefined();
  });
});
