import { expect } from "vitest";
import { embedCheckoutBody, type TestService, waitFor } from "./helpers";

export const CARD = { holder: "Ana Silva", expiryMonth: "12", expiryYear: "2031", cvc: "123" };

/** A checkout paid in its frame with a sandbox card; `customerUuid` saves the card for that customer. */
export async function paidByCard(
  svc: TestService,
  number: string,
  options: { amount?: number; customerUuid?: string } = {},
) {
  const payment: Record<string, unknown> = {
    amount: options.amount ?? 2500,
    code: "ORD-1",
    summary: "Two mugs",
  };
  if (options.customerUuid) {
    payment.customer = { uuid: options.customerUuid };
    payment.paymentMethod = { details: { createRegistration: true } };
  }
  const created = await svc.api("POST", "/checkouts", embedCheckoutBody({ payment }));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { id, paymentId } = created.body.data as { id: string; paymentId: string };
  const paid = await svc.api(
    "POST",
    `/frame-api/checkouts/${id}/card-payments`,
    { ...CARD, number },
    { key: null },
  );
  expect(paid.status, JSON.stringify(paid.body)).toBeLessThan(300);
  const status = await svc.api("GET", `/checkouts/${id}`);
  return { checkoutId: id, paymentId, registrationId: status.body.data.result?.registrationId as string };
}

/** A checkout paid by MB WAY from the auto-approving test phone; `customerUuid` saves the number. */
export async function paidByMbway(svc: TestService, phone: string, options: { customerUuid?: string } = {}) {
  const payment: Record<string, unknown> = { amount: 1800 };
  if (options.customerUuid) {
    payment.customer = { uuid: options.customerUuid };
    payment.paymentMethod = { code: "MW", details: { createRegistration: true } };
  }
  const created = await svc.api("POST", "/checkouts", embedCheckoutBody({ payment }));
  const { id, paymentId } = created.body.data as { id: string; paymentId: string };
  const started = await svc.api(
    "POST",
    `/frame-api/checkouts/${id}/mbway-payments`,
    { countryCode: "351", number: phone },
    { key: null },
  );
  expect(started.status).toBe(202);
  await svc.api("POST", `/sandbox/mbway/${paymentId}/approve`);
  const status = await waitFor(async () => {
    const res = await svc.api("GET", `/checkouts/${id}`);
    return res.body.data.stateDetails.state === "Success" ? res : undefined;
  });
  return { checkoutId: id, paymentId, registrationId: status.body.data.result?.registrationId as string };
}

export async function newCustomer(svc: TestService, customerId: string, key?: string) {
  const res = await svc.api("POST", "/customers", { customerId }, key ? { key } : {});
  expect(res.status).toBe(201);
  return res.body.data.uuid as string;
}
