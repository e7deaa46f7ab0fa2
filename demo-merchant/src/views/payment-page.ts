import type { Payment } from "../../../mock-service/contract/index";
import { formatAmount, formatDateTime } from "../format";
import { html } from "../html";
import { layout, notice } from "./layout";

export interface PaymentPageInput {
  payment: Payment;
  message?: { kind: "success" | "error" | "info"; text: string } | undefined;
  /** What the refund form shows again after an error. */
  form?: { amount: string; reason: string; error?: string | undefined } | undefined;
}

const STATE_LABELS: Record<Payment["stateDetails"]["state"], string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  declined: "Declined",
  expired: "Expired",
};

const REASONS: Record<string, string> = {
  card_declined: "the card was declined",
  authentication_required:
    "the bank needs the shopper to authenticate (3-D Secure), and no shopper was present",
  mbway_declined: "the customer declined in the MB WAY app",
  mbway_timeout: "the customer did not answer in the MB WAY app in time",
};

/** One payment with its refunds, and a form to refund what remains (card and MB WAY payments). */
export function paymentPage({ payment, message, form }: PaymentPageInput): string {
  const state = payment.stateDetails.state;
  const remaining = payment.amount - payment.amountRefunded;
  const multibanco = payment.availableMethods.every((m) => m.code === "MB");
  const refundable = state === "confirmed" && remaining > 0 && !multibanco;
  const reason = payment.stateDetails.reason;
  const refunds = payment.refunds.map(
    (r) =>
      html`<li>
        ${formatAmount(r.amount)} on ${formatDateTime(r.createdAt)}${r.reason ? ` — ${r.reason}` : ""}
      </li>`,
  );
  const heading = payment.summary ? `Payment for ${payment.summary}` : "Payment";
  return layout({
    title: heading,
    section: "none",
    body: html`<h1>${heading}</h1>
      ${message ? notice(message.kind, message.text) : ""}
      <div class="checkout-grid">
        <section class="panel" aria-labelledby="payment-heading">
          <h2 id="payment-heading">Details</h2>
          <dl class="facts">
            <div>
              <dt>State</dt>
              <dd>${STATE_LABELS[state]}${reason ? ` (${REASONS[reason] ?? reason})` : ""}</dd>
            </div>
            <div>
              <dt>Amount</dt>
              <dd>${formatAmount(payment.amount)}</dd>
            </div>
            <div>
              <dt>Refunded</dt>
              <dd>${formatAmount(payment.amountRefunded)}</dd>
            </div>
            ${
              payment.code
                ? html`<div>
                    <dt>Order code</dt>
                    <dd><code>${payment.code}</code></dd>
                  </div>`
                : ""
            }
            <div>
              <dt>Payment</dt>
              <dd><code>${payment.id}</code></dd>
            </div>
          </dl>
          ${
            payment.customer
              ? html`<p><a href="/customers/${payment.customer.uuid}">Back to the customer</a></p>`
              : ""
          }
        </section>
        <section class="panel" aria-labelledby="refunds-heading">
          <h2 id="refunds-heading">Refunds</h2>
          ${
            refunds.length > 0
              ? html`<ul>
                  ${refunds}
                </ul>`
              : html`<p class="empty">No refunds.</p>`
          }
          ${
            refundable
              ? html`<form method="post" action="/payments/${payment.id}/refunds" novalidate>
                  <div class="field">
                    <label for="refund-amount">Amount in euros</label>
                    <input
                      id="refund-amount"
                      name="amount"
                      inputmode="decimal"
                      value="${form?.amount ?? ""}"
                      aria-describedby="refund-amount-hint${form?.error ? " refund-amount-error" : ""}"
                      ${form?.error ? html`aria-invalid="true"` : ""}
                    />
                    <p class="hint" id="refund-amount-hint">
                      Leave empty to refund all that remains (${formatAmount(remaining)}).
                    </p>
                    ${form?.error ? html`<p class="field-error" id="refund-amount-error">${form.error}</p>` : ""}
                  </div>
                  <div class="field">
                    <label for="refund-reason">Reason (optional)</label>
                    <input id="refund-reason" name="reason" maxlength="500" value="${form?.reason ?? ""}" />
                  </div>
                  <div class="actions"><button class="button" type="submit">Refund</button></div>
                </form>`
              : html`<p class="hint">
                  ${
                    multibanco
                      ? "Multibanco payments cannot be refunded here: a refund needs the payer's IBAN."
                      : state === "confirmed"
                        ? "Everything has been refunded."
                        : "Only confirmed payments can be refunded."
                  }
                </p>`
          }
        </section>
      </div>`,
  });
}
