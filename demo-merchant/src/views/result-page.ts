import type { CheckoutStatus } from "@contract/index";
import { formatAmount } from "../format";
import { html, type SafeHtml } from "../html";
import type { OrderRecord } from "../store/records";
import { layout } from "./layout";

const DECLINE_MESSAGES: Record<string, string> = {
  card_declined: "The card was declined.",
  insufficient_funds: "The card has insufficient funds.",
  expired_card: "The card has expired.",
  not_a_test_card: "This sandbox accepts test cards only.",
  mbway_declined: "The payment was declined in the MB WAY app.",
  mbway_timeout: "The MB WAY approval was not given in time.",
  attempts_exhausted: "Too many attempts were made.",
};

export type ResultInput =
  { kind: "unknown"; reason: string } | { kind: "confirmed"; order: OrderRecord; status: CheckoutStatus };

function paidWith(status: CheckoutStatus): string | undefined {
  const r = status.result;
  if (!r) return undefined;
  if (r.paymentMethodCode === "MW") return `MB WAY ending in ${r.last3Digits ?? "•••"}`;
  const brand = r.brand ? r.brand.charAt(0).toUpperCase() + r.brand.slice(1) : "Card";
  return `${brand} ending in ${r.last4Digits ?? "••••"}`;
}

function failure(title: string, message: string): SafeHtml {
  return html`<section class="panel panel-narrow result result-failure" aria-labelledby="result-heading">
    <h1 id="result-heading">${title}</h1>
    <p>${message}</p>
    <p><a class="button" href="/">Back to the shop</a></p>
  </section>`;
}

/** The page at the action URL; everything on it was confirmed with the service, not read from the URL. */
export function resultPage(input: ResultInput): string {
  if (input.kind === "unknown") {
    return layout({
      title: "Payment not confirmed",
      section: "shop",
      body: failure("Payment not confirmed", input.reason),
    });
  }
  const { order, status } = input;
  const state = status.stateDetails.state;
  const saving = order.kind === "save-method";
  const customerLink = order.customerUuid
    ? html`<a class="button" href="/customers/${order.customerUuid}">Back to the customer</a>`
    : html`<a class="button" href="/">Back to the shop</a>`;
  if (state === "Success") {
    const method = paidWith(status);
    const saved = order.paymentMethod === "MW" ? "MB WAY number" : "card";
    const title = saving ? (saved === "card" ? "Card saved" : "MB WAY number saved") : "Payment successful";
    return layout({
      title,
      section: saving ? "customers" : "shop",
      body: html`<section class="panel panel-narrow result result-success" aria-labelledby="result-heading">
        <h1 id="result-heading">${title}</h1>
        <p>
          ${saving ? `The ${saved} is now stored for this customer.` : `Thank you! Your order of ${order.summary} is paid.`}
        </p>
        <dl class="facts">
          <div>
            <dt>Amount</dt>
            <dd>${formatAmount(status.amount)}</dd>
          </div>
          ${
            method
              ? html`<div>
                  <dt>Paid with</dt>
                  <dd>${method}</dd>
                </div>`
              : ""
          }
          <div>
            <dt>Order</dt>
            <dd><code>${order.orderId}</code></dd>
          </div>
          <div>
            <dt>Checkout</dt>
            <dd><code>${status.id}</code></dd>
          </div>
        </dl>
        <p class="verified">Confirmed with the payment service.</p>
        <p>
          ${customerLink}
          <a class="button button-secondary" href="/payments/${status.paymentId}">Refunds</a>
        </p>
      </section>`,
    });
  }
  const message =
    state === "Declined"
      ? (DECLINE_MESSAGES[status.stateDetails.reason ?? ""] ?? "The payment was declined.")
      : state === "Expired"
        ? "The checkout expired before it was paid."
        : "The payment has not been completed yet.";
  const title = state === "PaymentReady" ? "Payment not completed" : "Payment failed";
  return layout({
    title,
    section: saving ? "customers" : "shop",
    body: html`<section class="panel panel-narrow result result-failure" aria-labelledby="result-heading">
      <h1 id="result-heading">${title}</h1>
      <p>${message}</p>
      <dl class="facts">
        <div>
          <dt>Amount</dt>
          <dd>${formatAmount(status.amount)}</dd>
        </div>
        <div>
          <dt>Order</dt>
          <dd><code>${order.orderId}</code></dd>
        </div>
      </dl>
      <p>${customerLink}</p>
    </section>`,
  });
}
