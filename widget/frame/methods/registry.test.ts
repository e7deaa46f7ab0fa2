import { describe, expect, it } from "vitest";
import { offeredMethods } from "./registry";
import { openCheckout } from "../open-checkout.fixture";

const checkout = openCheckout({ paymentMethods: ["CC", "MW", "MB"] });
const saved = {
  registrationId: "0b6f2f7e-1d55-4d8e-9d7e-0f6c9a1b2c3d",
  brand: "Visa",
  last4Digits: "4242",
  expiryMonth: "12",
  expiryYear: "2034",
};

describe("registry", () => {
  it("offers card, MB WAY and Multibanco in the checkout's order, each loaded only when offered", () => {
    const methods = offeredMethods(checkout);
    expect(methods.map((m) => [m.code, m.labelKey])).toEqual([
      ["CC", "methodCard"],
      ["MW", "methodMbway"],
      ["MB", "methodMultibanco"],
    ]);
    expect(methods[0]?.Component).toBeDefined(); // the card form is in the entry
    expect(methods[2]?.load).toBeDefined(); // Multibanco is a chunk
  });

  it("the card tab is the saved cards' (a chunk) when the customer has some", () => {
    const [card] = offeredMethods({ ...checkout, savedCards: [saved] });
    expect(card?.code).toBe("CC");
    expect(card?.Component).toBeUndefined();
    expect(card?.load).toBeDefined();
  });

  it("resumes Multibanco when a voucher exists and the card when a challenge is open", () => {
    const voucher = {
      entity: "12345",
      reference: "123456789",
      amount: 500,
      expiresAt: "2026-11-27T10:42:00.000+00:00",
    };
    const withVoucher = { ...checkout, state: "Pending" as const, multibanco: voucher };
    expect(offeredMethods(withVoucher).find((m) => m.resumes?.(withVoucher))?.code).toBe("MB");
    const challenged = {
      ...checkout,
      challenge: { url: "/sandbox/3ds/pay_A", expiresAt: voucher.expiresAt },
    };
    expect(offeredMethods(challenged).find((m) => m.resumes?.(challenged))?.code).toBe("CC");
  });
});
