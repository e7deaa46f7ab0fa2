import type { Customer, PaymentMethodCode, StoredPaymentMethod } from "@contract/index";
import { formatDateTime } from "../format";
import { html } from "../html";
import { layout, notice } from "./layout";

export interface CustomerPageInput {
  customer: Customer;
  methods: StoredPaymentMethod[];
  apiVersion: string;
  type: PaymentMethodCode | undefined;
  message?: { kind: "success" | "error"; text: string } | undefined;
}

const TYPE_CHOICES: { value: string; label: string }[] = [
  { value: "", label: "All methods" },
  { value: "CC", label: "Cards (CC)" },
  { value: "MW", label: "MB WAY (MW)" },
];

function describeMethod(method: StoredPaymentMethod): { title: string; detail: string } {
  if (method.code === "CC") {
    const brand = method.brand.charAt(0).toUpperCase() + method.brand.slice(1);
    return {
      title: `${brand} ending in ${method.last4Digits}`,
      detail: `${method.holder} · expires ${method.expiryMonth}/${method.expiryYear}`,
    };
  }
  return { title: `MB WAY +${method.countryCode} ••• ••• ${method.last3Digits}`, detail: "Phone number" };
}

export function customerPage(input: CustomerPageInput): string {
  const { customer, methods } = input;
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(" ");
  const choices = TYPE_CHOICES.map(
    (c) =>
      html`<option value="${c.value}" ${c.value === (input.type ?? "") ? html` selected` : ""}>
        ${c.label}
      </option>`,
  );
  const items = methods.map((m) => {
    const { title, detail } = describeMethod(m);
    return html`<li class="method">
      <div>
        <p class="method-title">${title}</p>
        <p class="method-detail">${detail}</p>
      </div>
      <form method="post" action="/customers/${customer.uuid}/methods/${m.uuid}/charge" class="charge-form">
        <label for="charge-${m.uuid}"
          >Amount in euros <span class="visually-hidden">for ${title}</span></label
        >
        <input id="charge-${m.uuid}" name="amount" inputmode="decimal" value="12.99" size="6" />
        <button class="button button-secondary" type="submit">
          Charge again <span class="visually-hidden">${title}</span>
        </button>
      </form>
      <form method="post" action="/customers/${customer.uuid}/methods/${m.uuid}/remove">
        <button class="button button-danger" type="submit">
          Remove <span class="visually-hidden">${title}</span>
        </button>
      </form>
    </li>`;
  });
  return layout({
    title: `Customer ${customer.customerId}`,
    section: "customers",
    body: html`<p class="breadcrumb"><a href="/customers">Customers</a></p>
      <h1>Customer ${customer.customerId}</h1>
      ${input.message ? notice(input.message.kind, input.message.text) : ""}
      <div class="checkout-grid">
        <section class="panel" aria-labelledby="details-heading">
          <h2 id="details-heading">Details</h2>
          <dl class="facts">
            <div>
              <dt>Name</dt>
              <dd>${name || "—"}</dd>
            </div>
            <div>
              <dt>E-mail</dt>
              <dd>${customer.email ?? "—"}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>${customer.phoneNumber ?? "—"}</dd>
            </div>
            <div>
              <dt>Created</dt>
              <dd>${formatDateTime(customer.createdAt)}</dd>
            </div>
            <div>
              <dt>UUID</dt>
              <dd><code>${customer.uuid}</code></dd>
            </div>
          </dl>
          <div class="actions">
            <form method="post" action="/customers/${customer.uuid}/save-method">
              <input type="hidden" name="method" value="CC" />
              <button class="button" type="submit">Save a card</button>
            </form>
            <form method="post" action="/customers/${customer.uuid}/save-method">
              <input type="hidden" name="method" value="MW" />
              <button class="button button-secondary" type="submit">Save an MB WAY number</button>
            </form>
          </div>
        </section>
        <section class="panel" aria-labelledby="methods-heading">
          <h2 id="methods-heading">Stored payment methods</h2>
          <form method="get" action="/customers/${customer.uuid}" class="filter-form">
            <div class="field">
              <label for="method-type">Show</label>
              <select id="method-type" name="type">
                ${choices}
              </select>
            </div>
            <div class="actions"><button class="button button-secondary" type="submit">Filter</button></div>
          </form>
          ${
            methods.length === 0
              ? html`<p class="empty">No stored payment methods${input.type ? " of this type" : ""}.</p>`
              : html`<ul class="methods">
                  ${items}
                </ul>`
          }
          <p class="hint">API version ${input.apiVersion}</p>
        </section>
      </div>`,
  });
}
