import { formatAmount } from "../format";
import { html } from "../html";
import type { OrderRecord } from "../store/records";
import { layout } from "./layout";

export interface CheckoutPageInput {
  order: OrderRecord;
  /** Where the checkout sends the shopper afterwards: the `action` redirect given to the service. */
  resultUrl: string;
}

/** The payment page: the form and script exactly as section 4.1 of the interface describes. */
export function checkoutPage({ order, resultUrl }: CheckoutPageInput): string {
  const saving = order.kind === "save-method";
  const what = order.paymentMethod === "MW" ? "MB WAY number" : "card";
  const heading = saving ? `Save ${order.paymentMethod === "MW" ? "an" : "a"} ${what}` : "Checkout";
  const explanation = saving
    ? html`<p>
        To store the ${what} we charge a small verification amount of
        <strong>${formatAmount(order.amount)}</strong>. The ${what} is saved only if the payment succeeds.
      </p>`
    : html`<p>
        You are buying <strong>${order.summary}</strong> for <strong>${formatAmount(order.amount)}</strong>.
      </p>`;
  return layout({
    title: heading,
    section: saving ? "customers" : "shop",
    body: html`<h1>${heading}</h1>
      <div class="checkout-grid">
        <section class="panel" aria-labelledby="order-heading">
          <h2 id="order-heading">Your order</h2>
          ${explanation}
          <dl class="facts">
            <div>
              <dt>Amount</dt>
              <dd>${formatAmount(order.amount)}</dd>
            </div>
            <div>
              <dt>Order</dt>
              <dd><code>${order.orderId}</code></dd>
            </div>
          </dl>
          <details class="test-cards">
            <summary>Test cards</summary>
            <ul>
              <li><code>4242 4242 4242 4242</code> succeeds (Visa)</li>
              <li><code>5555 5555 5555 4444</code> succeeds (Mastercard)</li>
              <li><code>4000 0000 0000 0002</code> is declined</li>
              <li><code>4000 0000 0000 9995</code> has insufficient funds</li>
              <li><code>4000 0000 0000 0069</code> has expired</li>
              <li>
                <code>4000 0000 0000 0341</code> succeeds and can be saved; charging the saved card later is
                declined
              </li>
              <li><code>4000 0000 0000 3220</code> asks for 3-D Secure, then succeeds</li>
              <li><code>4000 0000 0000 3055</code> passes 3-D Secure without a challenge</li>
              <li><code>4000 0084 0000 1629</code> asks for 3-D Secure, then is declined</li>
            </ul>
            <p>Any future expiry date and any 3-digit security code.</p>
          </details>
          <details class="test-cards">
            <summary>Test MB WAY phones</summary>
            <ul>
              <li><code>911 111 111</code> approves after about 2 seconds</li>
              <li><code>922 222 222</code> is declined in the app</li>
              <li><code>933 333 333</code> never answers and times out</li>
            </ul>
            <p>With the country code +351 (Portugal).</p>
          </details>
        </section>
        <section class="panel" aria-labelledby="pay-heading">
          <h2 id="pay-heading">Payment</h2>
          <!-- Options: the cards the shop takes and its look (see the README, "Integrating the checkout"). -->
          <form
            action="${resultUrl}"
            class="paymentWidgets"
            data-brands="VISA MASTER AMEX MAESTRO"
            data-color-primary="#1f4fb6"
            data-border-radius="8"
          ></form>
          <script src="${order.checkoutUrl}"></script>
          <p id="checkout-events" class="checkout-events" role="status"></p>
          <script src="/assets/checkout-events.js"></script>
          <noscript><p>The payment form needs JavaScript.</p></noscript>
        </section>
      </div>`,
  });
}
