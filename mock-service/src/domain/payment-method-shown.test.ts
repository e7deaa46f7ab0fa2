import { describe, expect, it } from "vitest";
import { attemptMethodsOf, lastTriedOf, methodsShown } from "./payment-method-shown";

const offered = ["CC", "MW", "MB"] as const;

describe("methodsShown", () => {
  it("shows every offered method while the shopper has chosen none", () => {
    expect(methodsShown({ offered: [...offered] })).toEqual(["CC", "MW", "MB"]);
  });

  it("shows the method tried once there is one, and the one paid with over it", () => {
    expect(methodsShown({ offered: [...offered], lastTried: "card" })).toEqual(["CC"]);
    expect(methodsShown({ offered: [...offered], lastTried: "savedCard" })).toEqual(["CC"]);
    expect(methodsShown({ offered: [...offered], lastTried: "mbway" })).toEqual(["MW"]);
    expect(methodsShown({ offered: [...offered], lastTried: "multibanco" })).toEqual(["MB"]);
    expect(methodsShown({ offered: [...offered], lastTried: "card", paidWith: "MW" })).toEqual(["MW"]);
  });
});

describe("lastTriedOf", () => {
  it("is the latest row's method, none before the first or after an MB WAY request was cancelled", () => {
    expect(lastTriedOf([])).toBeUndefined();
    const declined = { method: "card" as const, outcome: "declined" };
    const waiting = { method: "mbway" as const, outcome: "mbwayRequested" };
    expect(lastTriedOf([declined, waiting])).toBe("mbway");
    expect(lastTriedOf([declined, waiting, { method: "mbway", outcome: "mbwayCancelled" }])).toBeUndefined();
  });
});

it("attemptMethodsOf lists the attempt methods behind one code", () => {
  expect(attemptMethodsOf("CC")).toEqual(["card", "savedCard"]);
  expect(attemptMethodsOf("MW")).toEqual(["mbway"]);
  expect(attemptMethodsOf("MB")).toEqual(["multibanco"]);
});
