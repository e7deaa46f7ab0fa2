import { expect, it, vi } from "vitest";
import { checkOptions, localeOf, parseColor, parseRadius } from "./options";

it("keeps valid options, colours as #rrggbb", () => {
  const warn = vi.fn();
  expect(
    checkOptions(
      {
        locale: "PT",
        brands: "visa MASTER, AMEX",
        colorPrimary: "#0a0",
        colorText: "rgb(10, 20, 30)",
        colorBackground: "#FFFFFF",
        borderRadius: "8px",
        fontFamily: "serif",
      },
      warn,
    ),
  ).toEqual({
    locale: "pt",
    brands: ["VISA", "MASTER", "AMEX"],
    theme: {
      colorPrimary: "#00aa00",
      colorText: "#0a141e",
      colorBackground: "#ffffff",
      borderRadius: 8,
      fontFamily: "serif",
    },
  });
  expect(warn).not.toHaveBeenCalled();
});

it("ignores each bad value with a warning that names it, keeping the rest", () => {
  const warn = vi.fn();
  const options = checkOptions(
    {
      locale: "it",
      brands: ["VISA", "ELO"],
      colorPrimary: "red; background: url(x)",
      colorText: "rgb(300, 0, 0)",
      borderRadius: 25,
      fontFamily: "Comic Sans",
    },
    warn,
  );
  expect(options).toEqual({ brands: ["VISA"] });
  expect(warn.mock.calls.map((call) => call[0] as string)).toEqual([
    expect.stringContaining('locale "it"'),
    expect.stringContaining('brand "ELO"'),
    expect.stringContaining('colorPrimary "red; background: url(x)"'),
    expect.stringContaining('colorText "rgb(300, 0, 0)"'),
    expect.stringContaining('borderRadius "25"'),
    expect.stringContaining('fontFamily "Comic Sans"'),
  ]);
});

it("reads a language tag's first part, colours and radii strictly", () => {
  expect(localeOf("pt-BR")).toBe("pt");
  expect(localeOf("DE")).toBe("de");
  expect(localeOf("nl")).toBeUndefined();
  expect(localeOf(undefined)).toBeUndefined();
  expect(parseColor(" RGB(1 2 3) ")).toBe("#010203");
  expect(parseColor("#abcd")).toBeUndefined();
  expect(parseColor("blue")).toBeUndefined();
  expect(parseRadius(0)).toBe(0);
  expect(parseRadius("24")).toBe(24);
  expect(parseRadius("-1")).toBeUndefined();
  expect(parseRadius("1e1")).toBeUndefined();
  expect(parseRadius(undefined)).toBeUndefined();
});
