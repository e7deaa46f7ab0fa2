import { describe, expect, it } from "vitest";
import { newId } from "./ids";

describe("newId", () => {
  it("is the prefix and 20 base62 characters", () => {
    expect(newId("ck")).toMatch(/^ck_[A-Za-z0-9]{20}$/);
    expect(newId("pay")).toMatch(/^pay_[A-Za-z0-9]{20}$/);
  });

  it("does not repeat across many draws, past several refills of the random pool", () => {
    const ids = new Set(Array.from({ length: 5000 }, () => newId("evt")));
    expect(ids.size).toBe(5000);
  });

  it("uses every character of the alphabet about evenly", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 3100; i++) {
      for (const c of newId("we").slice(3)) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect(counts.size).toBe(62);
    // 62 000 draws: 1 000 expected per character; a biased modulo would skew the first 8 by ~25 %.
    for (const n of counts.values()) expect(Math.abs(n - 1000)).toBeLessThan(150);
  });
});
