import type { Locale } from "../embed-api/checkout.mjs";
import { localeOf } from "../shared/options";

const TEXTS: Record<Locale, string> = {
  en: "The payment form could not be loaded.",
  pt: "Não foi possível carregar o formulário de pagamento.",
  es: "No se ha podido cargar el formulario de pago.",
  fr: "Le formulaire de paiement n’a pas pu être chargé.",
  de: "Das Zahlungsformular konnte nicht geladen werden.",
};

/** The merchant's locale, else the page's language, else the browser's, else English. */
export function pageLocale(chosen: Locale | undefined): Locale {
  return chosen ?? localeOf(document.documentElement.lang) ?? localeOf(navigator.language) ?? "en";
}

/** Says in the form, where the frame would have been, that the payment form could not be loaded. */
export function showUnavailable(host: HTMLElement, locale: Locale): HTMLElement {
  const notice = document.createElement("p");
  notice.setAttribute("role", "alert");
  notice.textContent = TEXTS[locale];
  host.appendChild(notice);
  return notice;
}
