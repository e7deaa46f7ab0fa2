import { describe, expect, it } from "vitest";
import { preferredLanguage } from "./accept-language";

describe("preferredLanguage", () => {
  it("takes the first preferred language the checkout speaks, by its primary subtag", () => {
    expect(preferredLanguage("pt-BR,pt;q=0.9,en;q=0.8")).toBe("PT");
    expect(preferredLanguage("ja-JP,ja;q=0.9,de;q=0.8,en;q=0.7")).toBe("DE");
    expect(preferredLanguage("FR-ca")).toBe("FR");
  });

  it("orders by weight, then by the order given", () => {
    expect(preferredLanguage("en;q=0.5, es;q=0.9")).toBe("ES");
    expect(preferredLanguage("de, fr")).toBe("DE");
    expect(preferredLanguage("pt;q=0, en;q=0.1")).toBe("EN");
  });

  it("is undefined when the browser names no language we have", () => {
    expect(preferredLanguage(undefined)).toBeUndefined();
    expect(preferredLanguage("")).toBeUndefined();
    expect(preferredLanguage("*")).toBeUndefined();
    expect(preferredLanguage("ja-JP, zh;q=0.8")).toBeUndefined();
    expect(preferredLanguage("pt;q=abc")).toBeUndefined();
  });
});
