/**
 * Examples for the OpenAPI document: one coherent story (an order paid by card, part refunded, the
 * card charged again) so that an example in one place matches the others. They are checked against
 * their schemas by Spectral (`npm test`) and by openapi.test.ts.
 */
const at = "2026-11-24T10:15:00.000+00:00";
const later = "2026-11-24T10:16:30.000+00:00";
const customerUuid = "3f2b8c1e-6d4a-4b7e-9c2f-1a5e8d7b6c40";
const cardUuid = "8a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const paymentId = "pay_7Hq2LmX9vR4tB8nK3cWz";
const checkoutId = "ck_Q4mZ8rT2vX6nB1kL9pWs";
const refund = {
  id: "re_N3vB7xK2mQ9tL4wZ8cRp",
  paymentId,
  amount: 1000,
  reason: "one mug arrived broken",
  state: "succeeded",
  createdAt: "2026-11-25T09:00:00.000+00:00",
};

export const examples = {
  checkoutRequest: {
    payment: { amount: 2500, code: "ORD-1042", summary: "Two mugs" },
    page: { layout: "embed", language: "EN" },
    redirects: [{ type: "action", url: "https://shop.example/orders/1042/result" }],
  },
  checkout: {
    id: checkoutId,
    createdAt: "2026-11-24 10:15:00",
    checkoutUrl: `https://sandbox.example/embed/${checkoutId}?page_layout=embed`,
    paymentId,
    stateDetails: { state: "PaymentReady", timestamp: at },
  },
  checkoutStatus: {
    id: checkoutId,
    createdAt: "2026-11-24 10:15:00",
    checkoutUrl: `https://sandbox.example/embed/${checkoutId}?page_layout=embed`,
    paymentId,
    amount: 2500,
    currency: "EUR",
    code: "ORD-1042",
    summary: "Two mugs",
    language: "EN",
    paymentMethods: ["CC", "MW"],
    createRegistration: true,
    attempts: 1,
    expiresAt: "2026-11-24T10:45:00.000+00:00",
    stateDetails: { state: "Success", timestamp: later },
    result: { paymentMethodCode: "CC", brand: "Visa", last4Digits: "4242", registrationId: cardUuid },
  },
  customerCreate: {
    customerId: "C-1001",
    firstName: "Ana",
    lastName: "Silva",
    email: "ana.silva@example.pt",
    phoneNumber: "351#912345678",
  },
  customer: {
    uuid: customerUuid,
    customerId: "C-1001",
    firstName: "Ana",
    lastName: "Silva",
    email: "ana.silva@example.pt",
    phoneNumber: "351#912345678",
    createdAt: at,
  },
  paymentMethod: {
    code: "CC",
    uuid: cardUuid,
    brand: "Visa",
    last4Digits: "4242",
    holder: "Ana Silva",
    expiryMonth: "12",
    expiryYear: "2031",
  },
  referenceRequest: {
    type: "payment",
    amount: 1500,
    callbackUrl: "https://shop.example/payments/callback",
    availableMethods: [{ code: "MB" }],
    validDate: { start: at, end: "2026-11-27T10:15:00.000+00:00" },
  },
  chargeRequest: {
    amount: 1299,
    customer: { uuid: customerUuid },
    paymentMethod: { uuid: cardUuid },
    code: "SUB-2026-12",
    summary: "Monthly coffee box",
  },
  payment: {
    id: paymentId,
    type: "payment",
    stateDetails: { state: "confirmed", createdAt: later },
    amount: 2500,
    currency: "EUR",
    code: "ORD-1042",
    summary: "Two mugs",
    amountRefunded: 1000,
    refunds: [refund],
    checkoutId,
    createdAt: at,
    updatedAt: "2026-11-25T09:00:00.000+00:00",
    availableMethods: [
      { code: "CC", type: "REALTIME", name: "Credit or debit card" },
      { code: "MW", type: "REALTIME", name: "MB WAY" },
    ],
  },
  refundRequest: { amount: 1000, reason: "one mug arrived broken" },
  refund,
  multibancoPaymentRequest: { entity: "88402", reference: "123456714", amount: 1500 },
  multibancoPaymentRequestGrouped: { entity: "88402", reference: "123 456 714", amount: 1500 },
  webhookCreate: {
    url: "https://shop.example/webhooks/payments",
    events: ["checkout.completed", "payment.refunded"],
  },
  webhook: {
    id: "we_B5nM2xQ8vL3tK7wR9cZp",
    url: "https://shop.example/webhooks/payments",
    events: ["checkout.completed", "payment.refunded"],
    createdAt: at,
  },
  webhookWithSecret: {
    id: "we_B5nM2xQ8vL3tK7wR9cZp",
    url: "https://shop.example/webhooks/payments",
    events: ["checkout.completed", "payment.refunded"],
    createdAt: at,
    secret: "whsec_Xq3T9vLm2Bn8Kc4Rw7Zp5Hs1Jd6Fg0Ya",
  },
  delivery: {
    id: "dlv_K8mQ3vX7nB2tL9wZ4cRp",
    target: "webhook",
    webhookId: "we_B5nM2xQ8vL3tK7wR9cZp",
    url: "https://shop.example/webhooks/payments",
    state: "succeeded",
    attempts: [{ at: later, statusCode: 200, durationMs: 42 }],
  },
} as const;

export const eventExample = (type: string, data: unknown) => ({
  id: "evt_R2kW9mX4vB7nQ3tL8cZp",
  type,
  createdAt: later,
  data,
});

export const ids = { customerUuid, cardUuid, paymentId, checkoutId };
