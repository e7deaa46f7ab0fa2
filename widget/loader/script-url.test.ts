import { expect, it } from "vitest";
import { readScriptUrl } from "./script-url";

it("reads the checkout id and origin from the checkoutUrl", () => {
  expect(readScriptUrl("https://pay.example/embed/ck_abcdefghij0123456789?page_layout=embed")).toEqual({
    checkoutId: "ck_abcdefghij0123456789",
    origin: "https://pay.example",
  });
  expect(readScriptUrl("http://localhost:4110/embed/ck_ABCDEFGHIJ0123456789")?.origin).toBe(
    "http://localhost:4110",
  );
});

it("refuses anything that is not exactly ck_ plus 20 base62 characters", () => {
  for (const src of [
    "https://pay.example/embed/ck_short",
    "https://pay.example/embed/ck_abcdefghij0123456789x",
    "https://pay.example/embed/ck_abcdefghij012345678%3C",
    "https://pay.example/embed/../ck_abcdefghij0123456789/x",
    "https://pay.example/other/ck_abcdefghij0123456789",
    "javascript:alert(1)//embed/ck_abcdefghij0123456789",
    "not a url",
    "",
  ]) {
    expect(readScriptUrl(src), src).toBeUndefined();
  }
});
