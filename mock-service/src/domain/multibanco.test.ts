import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkDigits,
  groupReference,
  makeReference,
  randomReferenceNumber,
  referenceMatches,
} from "./multibanco";

/** The 22-digit control number of a reference: entity ‖ reference (7 + 2 check digits) moved after the amount. */
function controlNumber(entity: string, reference: string, amountCents: number): bigint {
  return BigInt(
    `${entity}${reference.slice(0, 7)}${String(amountCents).padStart(8, "0")}${reference.slice(7)}`,
  );
}

const entityArb = fc.integer({ min: 0, max: 99_999 }).map((n) => String(n).padStart(5, "0"));
const numberArb = fc.integer({ min: 0, max: 9_999_999 }).map((n) => String(n).padStart(7, "0"));
const amountArb = fc.integer({ min: 1, max: 99_999_999 });

describe("Multibanco check digits", () => {
  it("matches the worked example: entity 90150, number 1231234, 432.11 € → 123123451", () => {
    expect(checkDigits("90150", "1231234", 43211)).toBe("51");
    expect(makeReference("90150", "1231234", 43211)).toBe("123123451");
    expect(referenceMatches("90150", "123123451", 43211)).toBe(true);
  });

  it("makes every reference's 22-digit control number ≡ 1 (mod 97)", () => {
    fc.assert(
      fc.property(entityArb, numberArb, amountArb, (entity, number7, amount) => {
        const reference = makeReference(entity, number7, amount);
        expect(reference).toMatch(/^\d{9}$/);
        expect(reference.startsWith(number7)).toBe(true);
        expect(controlNumber(entity, reference, amount) % 97n).toBe(1n);
        expect(referenceMatches(entity, reference, amount)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps leading zeros in the number and in the check digits", () => {
    expect(makeReference("00001", "0000000", 1)).toMatch(/^0000000\d\d$/);
    // Find a case whose check digits start with 0 and make sure they stay two digits.
    let found = false;
    for (let n = 0; n < 500 && !found; n++) {
      const number7 = String(n).padStart(7, "0");
      const digits = checkDigits("12345", number7, 1000);
      expect(digits).toMatch(/^\d\d$/);
      if (digits.startsWith("0")) {
        found = true;
        expect(makeReference("12345", number7, 1000)).toBe(`${number7}${digits}`);
        expect(makeReference("12345", number7, 1000)).toHaveLength(9);
      }
    }
    expect(found).toBe(true);
  });

  it("rejects another amount, another entity, changed check digits and malformed input", () => {
    const reference = makeReference("90150", "1231234", 43211);
    expect(referenceMatches("90150", reference, 43212)).toBe(false);
    expect(referenceMatches("90151", reference, 43211)).toBe(false);
    expect(referenceMatches("90150", "123123452", 43211)).toBe(false);
    expect(referenceMatches("90150", "12312345", 43211)).toBe(false);
    expect(referenceMatches("9015", reference, 43211)).toBe(false);
    expect(referenceMatches("90150", "12312345a", 43211)).toBe(false);
  });

  it("detects every single-digit change of the number (property)", () => {
    fc.assert(
      fc.property(
        entityArb,
        numberArb,
        amountArb,
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 1, max: 9 }),
        (entity, number7, amount, position, shift) => {
          const reference = makeReference(entity, number7, amount);
          const digit = (Number(reference[position]) + shift) % 10;
          const changed = `${reference.slice(0, position)}${digit}${reference.slice(position + 1)}`;
          expect(referenceMatches(entity, changed, amount)).toBe(false);
        },
      ),
    );
  });

  it("draws 7-digit numbers with leading zeros kept", () => {
    expect(randomReferenceNumber(() => 0)).toBe("0000000");
    expect(randomReferenceNumber(() => 0.0000123)).toBe("0000123");
    expect(randomReferenceNumber(() => 0.9999999999)).toBe("9999999");
  });

  it("groups a reference for display", () => {
    expect(groupReference("012345678")).toBe("012 345 678");
  });
});
