/**
 * Drives the sandbox checkout from a merchant's own Playwright suite: finds the checkout frame under
 * a page (or a given form) and uses it as a shopper would, by accessible names in any of the form's
 * five languages, never by CSS classes. One file, no dependency beyond @playwright/test: copy it into
 * your own suite (e.g. `e2e/sandbox-checkout.ts`) and import it relatively; the README's "Testing
 * helper" section has a config and a complete test. Only inside this repository is it imported as
 * `payments-sandbox/testing` (the package is private, and from `node_modules` Node.js would not strip
 * its types).
 *
 *   const checkout = sandboxCheckout(page);
 *   await checkout.payWithCard({ number: "4242 4242 4242 4242" });
 *   await page.waitForURL("**\/result?id=*");
 *
 * Every step waits for what a person would see (Playwright's auto-waiting), never for a fixed time.
 */
import { expect, type FrameLocator, type Locator, type Page } from "@playwright/test";

/** The form's names in its five languages (en, pt, es, fr, de), as its catalogs say them. */
export const NAMES = {
  holder: [
    "Cardholder name",
    "Nome do titular",
    "Nombre del titular",
    "Nom du titulaire",
    "Name des Karteninhabers",
  ],
  number: ["Card number", "Número do cartão", "Número de tarjeta", "Numéro de carte", "Kartennummer"],
  expiry: ["Expiry date", "Data de validade", "Fecha de caducidad", "Date d’expiration", "Ablaufdatum"],
  cvc: ["Security code", "Código de segurança", "Código de seguridad", "Code de sécurité", "Sicherheitscode"],
  pay: ["Pay {amount}", "Pagar {amount}", "Pagar {amount}", "Payer {amount}", "{amount} bezahlen"],
  methodCard: ["Card", "Cartão", "Tarjeta", "Carte", "Karte"],
  methodMbway: ["MB WAY", "MB WAY", "MB WAY", "MB WAY", "MB WAY"],
  phone: ["Phone number", "Número de telemóvel", "Número de móvil", "Numéro de mobile", "Mobilnummer"],
  awaitTitle: [
    "Approve the payment in MB WAY",
    "Aprove o pagamento na app MB WAY",
    "Aprueba el pago en MB WAY",
    "Approuvez le paiement dans MB WAY",
    "Zahlung in MB WAY freigeben",
  ],
  // Issue 15's screens: saved cards, the 3-D Secure challenge (the issuer's page), Multibanco.
  savedCards: [
    "Saved cards",
    "Cartões guardados",
    "Tarjetas guardadas",
    "Cartes enregistrées",
    "Gespeicherte Karten",
  ],
  useAnotherCard: [
    "Use another card",
    "Usar outro cartão",
    "Usar otra tarjeta",
    "Utiliser une autre carte",
    "Andere Karte verwenden",
  ],
  completeAuthentication: [
    "Complete authentication",
    "Concluir autenticação",
    "Completar autenticación",
    "Terminer l’authentification",
    "Authentifizierung abschließen",
  ],
  failAuthentication: [
    "Fail authentication",
    "Falhar autenticação",
    "Fallar autenticación",
    "Échouer l’authentification",
    "Authentifizierung fehlschlagen lassen",
  ],
  methodMultibanco: ["Multibanco", "Multibanco", "Multibanco", "Multibanco", "Multibanco"],
  multibancoGet: [
    "Get the Multibanco reference",
    "Obter a referência Multibanco",
    "Obtener la referencia Multibanco",
    "Obtenir la référence Multibanco",
    "Multibanco-Referenz anzeigen",
  ],
  entity: ["Entity", "Entidade", "Entidad", "Entité", "Entität"],
  reference: ["Reference", "Referência", "Referencia", "Référence", "Referenz"],
  amount: ["Amount", "Montante", "Importe", "Montant", "Betrag"],
} as const;

/** What every decline message says, in the five languages (a failed 3-D Secure check included). */
export const DECLINED = /declined|recusad|rechazad|refusé|abgelehnt|authenticat|autentica|authentifi/i;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Exactly one of the names (`{amount}` standing for any amount). */
function named(key: keyof typeof NAMES): RegExp {
  const names = NAMES[key].map((name) => escape(name).replace(/\\\{amount\\\}/g, ".+"));
  return new RegExp(`^(${[...new Set(names)].join("|")})$`);
}

export interface TestCard {
  number: string;
  /** `MM/YY`; two years ahead when left out. */
  expiry?: string;
  cvc?: string;
  holder?: string;
}

export interface MultibancoVoucher {
  entity: string;
  /** As shown: `123 456 789`. */
  reference: string;
  /** As shown, in the form's language: `€5.00`, `5,00 €`. */
  amount: string;
}

export interface SandboxCheckout {
  /** The checkout frame itself, for assertions of your own. */
  frame: FrameLocator;
  payWithCard(card: TestCard): Promise<void>;
  /** Waits for the decline alert; `reason` (text or pattern) must be part of it when given. */
  expectDeclined(reason?: string | RegExp): Promise<void>;
  /** Sends the MB WAY request and waits for the screen that asks the shopper to approve it. */
  payWithMbway(phone: string): Promise<void>;
  payWithSavedCard(card: { last4: string; cvc: string }): Promise<void>;
  completeAuthentication(): Promise<void>;
  failAuthentication(): Promise<void>;
  chooseMultibanco(): Promise<MultibancoVoucher>;
}

function defaultExpiry(): string {
  return `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, "0")}`;
}

/** The checkout under `scope`: a page with one checkout, or the `form.paymentWidgets` (or container) holding it. */
export function sandboxCheckout(scope: Page | Locator): SandboxCheckout {
  const frame = scope.locator('iframe[src*="/checkout-frame/"]').contentFrame();
  const payButton = frame.getByRole("button", { name: named("pay") });

  const multibancoGet = frame.getByRole("button", { name: named("multibancoGet") });
  const voucherEntity = frame.getByRole("term").filter({ hasText: named("entity") });

  /** Opens a method's tab when the checkout offers several (one method has no tabs). */
  async function chooseMethod(key: "methodCard" | "methodMbway" | "methodMultibanco"): Promise<void> {
    const tabs = frame.getByRole("tab");
    // The form is there: a pay button, the tabs, or Multibanco alone (its button, or its voucher).
    await expect(payButton.or(tabs).or(multibancoGet).or(voucherEntity).first()).toBeVisible();
    if ((await tabs.count()) > 0) await frame.getByRole("tab", { name: named(key) }).click();
  }

  // The issuer's page, nested in the checkout frame, is titled after the sandbox's bank.
  const challenge = () => frame.getByTitle("Sandbox Bank").contentFrame();

  return {
    frame,

    async payWithCard({ number, expiry = defaultExpiry(), cvc, holder = "Ada Lovelace" }) {
      await chooseMethod("methodCard");
      const otherCard = frame.getByRole("button", { name: named("useAnotherCard") });
      await expect(payButton.or(otherCard).first()).toBeVisible();
      if (await otherCard.isVisible()) await otherCard.click();
      await frame.getByLabel(named("holder")).fill(holder);
      await frame.getByLabel(named("number")).fill(number);
      await frame.getByLabel(named("expiry")).fill(expiry);
      const amex = /^3[47]/.test(number.replace(/\D/g, ""));
      await frame.getByLabel(named("cvc")).fill(cvc ?? (amex ? "1234" : "123"));
      await payButton.click();
    },

    async expectDeclined(reason) {
      const alert = frame.getByRole("alert").filter({ hasText: DECLINED });
      await expect(alert).toBeVisible();
      if (reason !== undefined) await expect(alert).toContainText(reason);
    },

    async payWithMbway(phone) {
      await chooseMethod("methodMbway");
      await frame.getByLabel(named("phone")).fill(phone);
      await payButton.click();
      await expect(frame.getByRole("heading", { name: named("awaitTitle") })).toBeVisible();
    },

    async payWithSavedCard({ last4, cvc }) {
      await chooseMethod("methodCard");
      const saved = frame.getByRole("group", { name: named("savedCards") });
      await saved.getByRole("radio", { name: new RegExp(`${escape(last4)}\\b`) }).check();
      await frame.getByLabel(named("cvc")).fill(cvc);
      await payButton.click();
    },

    async completeAuthentication() {
      await challenge()
        .getByRole("button", { name: named("completeAuthentication") })
        .click();
    },

    async failAuthentication() {
      await challenge()
        .getByRole("button", { name: named("failAuthentication") })
        .click();
    },

    async chooseMultibanco() {
      await chooseMethod("methodMultibanco");
      await expect(multibancoGet.or(voucherEntity).first()).toBeVisible();
      if (await multibancoGet.isVisible()) await multibancoGet.click(); // a voucher shown (a reload) stays
      // Each value is the definition after its term, before its copy button.
      const value = async (key: "entity" | "reference" | "amount") => {
        const term = frame.getByRole("term").filter({ hasText: named(key) });
        await expect(term).toBeVisible();
        const text = await term.locator("xpath=following-sibling::dd[1]").innerText();
        return (text.split("\n")[0] ?? "").trim();
      };
      return {
        entity: await value("entity"),
        reference: await value("reference"),
        amount: await value("amount"),
      };
    },
  };
}
