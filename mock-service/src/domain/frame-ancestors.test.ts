import { expect, it } from "vitest";
import { ancestorAllows, ancestorSources } from "./frame-ancestors";

it("lists the action URL's origin, then the configured origins, once each", () => {
  expect(
    ancestorSources({ actionUrl: "https://shop.example/r?x=1" }, "https://a.example https://shop.example"),
  ).toEqual(["https://shop.example", "https://a.example"]);
  expect(ancestorSources({ actionUrl: null }, "")).toEqual([]);
  expect(ancestorSources(undefined, "https://a.example")).toEqual(["*"]);
});

it("matches a page's origin as frame-ancestors does: scheme, host and port, wildcard subdomains", () => {
  const sources = ["http://localhost:4111", "https://*.shop.example"];
  expect(ancestorAllows(sources, "http://localhost:4111")).toBe(true);
  expect(ancestorAllows(sources, "http://127.0.0.1:4111")).toBe(false);
  expect(ancestorAllows(sources, "http://localhost:4112")).toBe(false);
  expect(ancestorAllows(sources, "https://eu.shop.example")).toBe(true);
  expect(ancestorAllows(sources, "https://shop.example")).toBe(false);
  expect(ancestorAllows(sources, "http://eu.shop.example")).toBe(false);
  expect(ancestorAllows(["*"], "https://anything.example")).toBe(true);
  expect(ancestorAllows([], "https://shop.example")).toBe(false);
  expect(ancestorAllows(sources, "not an origin")).toBe(false);
});
