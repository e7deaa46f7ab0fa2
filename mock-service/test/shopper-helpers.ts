import { expect } from "vitest";
import { embedCheckoutBody, type TestService } from "./helpers";

/** Customers, checkouts and frame calls for the shopper flows (saved cards, 3-D Secure, Multibanco). */
export function shopper(svc: TestService, key?: string) {
  const init = key ? { key } : {};
  const frame = (id: string, method: string, rest: string, body?: unknown) =>
    svc.api(method, `/frame-api/checkouts/${id}${rest}`, body, { key: null });

  return {
    async customer(customerId = `C-${Math.random().toString(36).slice(2)}`): Promise<string> {
      const res = await svc.api("POST", "/customers", { customerId }, init);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.uuid as string;
    },

    async checkout(payment: Record<string, unknown> = {}): Promise<{ id: string; paymentId: string }> {
      const res = await svc.api(
        "POST",
        "/checkouts",
        embedCheckoutBody({ payment: { amount: 1999, ...payment } }),
        init,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data;
    },

    /** A customer's checkout that stores the card it is paid with. */
    registration(customerUuid: string) {
      return this.checkout({
        customer: { uuid: customerUuid },
        recurring: { amountQualifier: "ESTM" },
        paymentMethod: { code: "CC", details: { createRegistration: true } },
      });
    },

    payCard(id: string, number: string, cvc = "123") {
      return frame(id, "POST", "/card-payments", {
        holder: "Ana Silva",
        number,
        expiryMonth: "12",
        expiryYear: "2034",
        cvc,
      });
    },

    paySaved(id: string, registrationId: string, cvc = "123") {
      return frame(id, "POST", "/saved-card-payments", { registrationId, cvc });
    },

    answerChallenge(id: string, result: "complete" | "fail") {
      return frame(id, "POST", "/challenge-result", { result });
    },

    voucher(id: string) {
      return frame(id, "PUT", "/multibanco-voucher");
    },

    frameCheckout(id: string) {
      return frame(id, "GET", "");
    },

    status(id: string) {
      return svc.api("GET", `/checkouts/${id}`, undefined, init);
    },

    payment(paymentId: string) {
      return svc.api("GET", `/payments/${paymentId}`, undefined, init);
    },

    /** Saves a card for the customer through a successful registration checkout; returns its uuid. */
    async savedCard(customerUuid: string, number: string): Promise<string> {
      const reg = await this.registration(customerUuid);
      let paid = await this.payCard(reg.id, number);
      if (paid.body.data?.challenge) paid = await this.answerChallenge(reg.id, "complete");
      expect(paid.body.data?.approved, JSON.stringify(paid.body)).toBe(true);
      const status = await this.status(reg.id);
      return status.body.data.result.registrationId as string;
    },

    async eventTypes(paymentId: string): Promise<string[]> {
      const res = await svc.api("GET", `/events?paymentId=${paymentId}`, undefined, init);
      return (res.body.data as { type: string }[]).map((e) => e.type).reverse();
    },
  };
}
