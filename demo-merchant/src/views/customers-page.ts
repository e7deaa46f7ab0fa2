import type { Customer } from "@contract/index";
import { formatDateTime } from "../format";
import { html } from "../html";
import { layout, notice } from "./layout";

export interface CustomerFilterValues {
  email: string;
  customerId: string;
  limit: number;
  startingAfter?: string | undefined;
}

export interface NewCustomerValues {
  customerId: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

export interface CustomersPageInput {
  filter: CustomerFilterValues;
  customers: Customer[];
  /** Present when a full page came back: there may be more after it. */
  nextPageHref?: string | undefined;
  form: NewCustomerValues;
  formErrors: Record<string, string>;
  formError?: string | undefined;
  listError?: string | undefined;
}

export const LIMIT_CHOICES = [5, 10, 20, 50] as const;

function textField(
  name: keyof NewCustomerValues,
  label: string,
  value: string,
  errors: Record<string, string>,
  options: { type?: string; required?: boolean; hint?: string; autocomplete?: string } = {},
) {
  const error = errors[name];
  const hintId = options.hint ? `${name}-hint` : undefined;
  const errorId = error ? `${name}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ");
  return html`<div class="field">
    <label for="new-${name}"
      >${label}${options.required ? "" : html` <span class="optional">(optional)</span>`}</label
    >
    ${options.hint ? html`<p class="hint" id="${hintId}">${options.hint}</p>` : ""}
    ${error ? html`<p class="field-error" id="${errorId}">${error}</p>` : ""}
    <input
      id="new-${name}"
      name="${name}"
      type="${options.type ?? "text"}"
      value="${value}"
      ${options.required ? html` required` : ""}${describedBy ? html` aria-describedby="${describedBy}"` : ""}${error ? html` aria-invalid="true"` : ""}${options.autocomplete ? html` autocomplete="${options.autocomplete}"` : ""}
    />
  </div>`;
}

function fullName(c: Customer): string {
  return [c.firstName, c.lastName].filter(Boolean).join(" ") || "—";
}

export function customersPage(input: CustomersPageInput): string {
  const { filter, customers, form, formErrors } = input;
  const limits = LIMIT_CHOICES.map(
    (n) => html`<option value="${n}" ${n === filter.limit ? html` selected` : ""}>${n}</option>`,
  );
  const rows = customers.map(
    (c) =>
      html`<tr>
        <td><a href="/customers/${c.uuid}">${c.customerId}</a></td>
        <td>${fullName(c)}</td>
        <td>${c.email ?? "—"}</td>
        <td>${formatDateTime(c.createdAt)}</td>
      </tr>`,
  );
  const filtered = filter.email || filter.customerId || filter.startingAfter;
  const list =
    customers.length === 0
      ? html`<p class="empty">${filtered ? "No customers match." : "No customers yet. Create one below."}</p>`
      : html`<div class="table-scroll">
          <table>
            <caption class="visually-hidden">
              Customers
            </caption>
            <thead>
              <tr>
                <th scope="col">Customer number</th>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              ${rows}
            </tbody>
          </table>
        </div>`;
  const pager = html`<nav class="pager" aria-label="Customer pages">
    ${filter.startingAfter ? html`<a href="${firstPageHref(filter)}">First page</a>` : ""}
    ${input.nextPageHref ? html`<a href="${input.nextPageHref}" rel="next">Next page</a>` : ""}
  </nav>`;
  return layout({
    title: "Customers",
    section: "customers",
    body: html`<h1>Customers</h1>
      <section class="panel" aria-labelledby="list-heading">
        <h2 id="list-heading">Find customers</h2>
        <form method="get" action="/customers" class="filter-form">
          <div class="field">
            <label for="filter-email">E-mail</label>
            <input id="filter-email" name="email" type="email" value="${filter.email}" autocomplete="off" />
          </div>
          <div class="field">
            <label for="filter-customerId">Customer number</label>
            <input
              id="filter-customerId"
              name="customerId"
              type="text"
              value="${filter.customerId}"
              autocomplete="off"
            />
          </div>
          <div class="field">
            <label for="filter-limit">Per page</label>
            <select id="filter-limit" name="limit">
              ${limits}
            </select>
          </div>
          <div class="actions">
            <button class="button" type="submit">Search</button>
            <a class="button button-secondary" href="/customers">Clear</a>
          </div>
        </form>
        ${notice("error", input.listError)} ${list} ${pager}
      </section>
      <section class="panel" aria-labelledby="new-heading">
        <h2 id="new-heading">Create a customer</h2>
        ${notice("error", input.formError)}
        <form method="post" action="/customers" class="stack-form" novalidate>
          ${textField("customerId", "Customer number", form.customerId, formErrors, { required: true, hint: "Your own number for this customer, e.g. C-1001." })}
          <div class="two-columns">
            ${textField("firstName", "First name", form.firstName, formErrors, { autocomplete: "off" })}
            ${textField("lastName", "Last name", form.lastName, formErrors, { autocomplete: "off" })}
          </div>
          ${textField("email", "E-mail", form.email, formErrors, { type: "email", autocomplete: "off" })}
          ${textField("phoneNumber", "Phone number", form.phoneNumber, formErrors, { type: "tel", hint: "Country code, #, then the number: 351#912345678.", autocomplete: "off" })}
          <div class="actions"><button class="button" type="submit">Create customer</button></div>
        </form>
      </section>`,
  });
}

export function customersHref(filter: CustomerFilterValues, startingAfter?: string): string {
  const query = new URLSearchParams();
  if (filter.email) query.set("email", filter.email);
  if (filter.customerId) query.set("customerId", filter.customerId);
  query.set("limit", String(filter.limit));
  if (startingAfter) query.set("startingAfter", startingAfter);
  return `/customers?${query}`;
}

function firstPageHref(filter: CustomerFilterValues): string {
  return customersHref(filter);
}
