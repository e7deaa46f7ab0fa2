import { LANGUAGES } from "@contract/index";
import { LANGUAGE_NAMES, PRODUCTS } from "../catalog";
import { formatAmount } from "../format";
import { html } from "../html";
import { layout, notice } from "./layout";

export function shopPage(options: { error?: string } = {}): string {
  const products = PRODUCTS.map(
    (p) =>
      html`<li class="product">
        <h3 id="product-${p.id}">${p.name}</h3>
        <p class="product-description">${p.description}</p>
        <p class="price">${formatAmount(p.price)}</p>
        <button class="button" type="submit" name="productId" value="${p.id}">
          Buy <span class="visually-hidden">${p.name}</span> for ${formatAmount(p.price)}
        </button>
      </li>`,
  );
  const languages = LANGUAGES.map(
    (code) =>
      html`<option value="${code}" ${code === "EN" ? html` selected` : ""}>
        ${LANGUAGE_NAMES[code]} (${code})
      </option>`,
  );
  return layout({
    title: "Shop",
    section: "shop",
    body: html`<h1>Little things from Portugal</h1>
      <p class="lead">Pick something and pay with a test card or MB WAY in the embedded checkout.</p>
      ${notice("error", options.error)}
      <form method="post" action="/checkout" class="shop-form">
        <div class="field field-inline">
          <label for="language">Checkout language</label>
          <select id="language" name="language">
            ${languages}
          </select>
        </div>
        <h2 class="visually-hidden">Products</h2>
        <ul class="products">
          ${products}
        </ul>
      </form>`,
  });
}
