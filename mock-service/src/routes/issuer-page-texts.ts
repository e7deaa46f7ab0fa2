import type { Language } from "../../contract";

export interface IssuerPageTexts {
  heading: string;
  intro: string;
  merchant: string;
  amount: string;
  complete: string;
  fail: string;
  nothingOpen: string;
}

/**
 * The sandbox issuer's page speaks the checkout's language (or the frame's, passed as `?lang=`).
 * English and Portuguese button labels are fixed by the product; the others follow them.
 */
export const ISSUER_PAGE_TEXTS: Record<Language, IssuerPageTexts> = {
  EN: {
    heading: "Confirm this payment",
    intro: "Your bank asks you to confirm this online payment.",
    merchant: "Merchant",
    amount: "Amount",
    complete: "Complete authentication",
    fail: "Fail authentication",
    nothingOpen: "No payment is waiting for authentication.",
  },
  PT: {
    heading: "Confirme este pagamento",
    intro: "O seu banco pede-lhe que confirme este pagamento online.",
    merchant: "Comerciante",
    amount: "Montante",
    complete: "Concluir autenticação",
    fail: "Falhar autenticação",
    nothingOpen: "Nenhum pagamento aguarda autenticação.",
  },
  ES: {
    heading: "Confirme este pago",
    intro: "Su banco le pide que confirme este pago en línea.",
    merchant: "Comercio",
    amount: "Importe",
    complete: "Completar autenticación",
    fail: "Fallar autenticación",
    nothingOpen: "Ningún pago espera autenticación.",
  },
  FR: {
    heading: "Confirmez ce paiement",
    intro: "Votre banque vous demande de confirmer ce paiement en ligne.",
    merchant: "Commerçant",
    amount: "Montant",
    complete: "Terminer l’authentification",
    fail: "Échouer l’authentification",
    nothingOpen: "Aucun paiement n’attend d’authentification.",
  },
  DE: {
    heading: "Zahlung bestätigen",
    intro: "Ihre Bank bittet Sie, diese Online-Zahlung zu bestätigen.",
    merchant: "Händler",
    amount: "Betrag",
    complete: "Authentifizierung abschließen",
    fail: "Authentifizierung fehlschlagen lassen",
    nothingOpen: "Keine Zahlung wartet auf Authentifizierung.",
  },
};

export const LOCALES: Record<Language, string> = {
  EN: "en-GB",
  PT: "pt-PT",
  ES: "es-ES",
  FR: "fr-FR",
  DE: "de-DE",
};
