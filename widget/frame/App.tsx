import { useSignal } from "@preact/signals";
import { useEffect, useRef } from "preact/hooks";
import type {
  CardPaymentRequest,
  FrameCheckout,
  MbwayPaymentRequest,
  PaymentOutcome,
} from "../../mock-service/contract/frame";
import type { CheckoutWatcher } from "./api/checkout-events";
import {
  type ApiFailure,
  type CheckoutResult,
  isUnknownCheckout,
  type LoadResult,
  type PayResult,
} from "./api/frame-api";
import type { MbwayApi } from "./components/mbway/mbway-api";
import { offeredMethods, PaymentMethods } from "./components/methods/PaymentMethods";
import { declineMessageKey } from "./components/shared/decline-message";
import { LiveRegion } from "./components/shared/LiveRegion";
import { StatusScreen } from "./components/shared/StatusScreen";
import { I18nContext } from "./i18n/I18nContext";
import { loadTranslator, resolveLanguage, type Translator, untranslated } from "./i18n/i18n";
import type { MessageKey } from "./i18n/messages";
import { merchantOptions } from "./options/merchant-options";
import type { ParentChannel } from "./parent/parent-channel";

export interface FrameApi {
  loadCheckout(id: string): Promise<LoadResult>;
  payWithCard(id: string, card: CardPaymentRequest): Promise<PayResult>;
  startMbway(id: string, phone: MbwayPaymentRequest): Promise<CheckoutResult>;
  cancelMbway(id: string): Promise<CheckoutResult>;
  watchCheckout(id: string, watcher: CheckoutWatcher): () => void;
}

export interface AppProps {
  checkoutId: string;
  api: FrameApi;
  channel: ParentChannel;
  /** Language to speak until the checkout says which (the page's `lang`, set by the service). */
  initialLanguage?: string;
  /** The checkout embedded in the frame page: shown at once, without asking the service. */
  initial?: LoadResult | undefined;
  /** The checkout's catalog, already loaded for the first render. */
  translator?: Translator | undefined;
}

type View =
  | { kind: "loading" }
  | { kind: "failed"; failure: ApiFailure }
  | { kind: "ready"; checkout: FrameCheckout }
  | { kind: "finished"; checkout: FrameCheckout; outcome: PaymentOutcome };

/** Delay before leaving, so the shopper sees the result before the shop's page replaces it. */
const REDIRECT_DELAY_MS = 800;

const viewOf = (result: LoadResult): View =>
  result.kind === "checkout"
    ? { kind: "ready", checkout: result.checkout }
    : { kind: "failed", failure: result };

export function App({ checkoutId, api, channel, initialLanguage, initial, translator: first }: AppProps) {
  const view = useSignal<View>(initial ? viewOf(initial) : { kind: "loading" });
  const i18n = useSignal<Translator>(first ?? untranslated);

  const load = async () => {
    // The page's lang (from the service) lets the catalog load alongside the checkout itself.
    const [result, guessed] = await Promise.all([
      api.loadCheckout(checkoutId),
      loadTranslator(initialLanguage),
    ]);
    const language =
      merchantOptions.peek()?.locale ??
      (result.kind === "checkout" ? result.checkout.language : initialLanguage);
    i18n.value = resolveLanguage(language) === guessed.language ? guessed : await loadTranslator(language);
    view.value = viewOf(result);
  };

  useEffect(() => {
    if (!initial) void load();
  }, [checkoutId]);

  // The merchant's locale, from the loader's hello, wins over the checkout's language.
  const options = merchantOptions.value;
  const locale = options?.locale;
  useEffect(() => {
    if (locale && i18n.peek().language !== locale) void loadTranslator(locale).then((t) => (i18n.value = t));
  }, [locale]);

  const translator = i18n.value;
  const title = translator.t(titleKey(view.value));

  // Once the options are applied and the catalog loaded, the loader hears once: ready, or why not.
  const announced = useRef(false);
  const current = view.value;
  useEffect(() => {
    if (announced.current || !options || translator === untranslated) return;
    if (locale && translator.language !== locale) return;
    if (current.kind === "loading") return;
    announced.current = true;
    if (current.kind === "ready" && current.checkout.state === "PaymentReady") {
      return channel.send({ type: "ready" });
    }
    const unknown = current.kind === "failed" && isUnknownCheckout(current.failure);
    channel.send({ type: "error", code: unknown ? "not_found" : "checkout_closed", message: title });
  }, [options, translator, current.kind]);
  useEffect(() => {
    if (translator === untranslated) return; // no catalog yet: nothing worth saying
    document.documentElement.lang = translator.language;
    document.title = title;
    channel.send({ type: "title", title });
  }, [translator, title]);

  const mbway: MbwayApi = {
    start: (phone) => api.startMbway(checkoutId, phone),
    cancel: () => api.cancelMbway(checkoutId),
    watch: (watcher) => api.watchCheckout(checkoutId, watcher),
  };

  // A decline's reason and text go to the merchant's page (checkout:error); never anything of the card.
  const reportDecline = (outcome: PaymentOutcome) => {
    if (outcome.approved || outcome.state === "Expired") return;
    const message = translator.t(declineMessageKey(outcome.reason));
    channel.send({ type: "error", code: outcome.reason ?? "card_declined", message });
  };

  const finish = (checkout: FrameCheckout, outcome: PaymentOutcome) => {
    view.value = { kind: "finished", checkout, outcome };
    reportDecline(outcome);
    const { redirectUrl, state } = outcome;
    setTimeout(
      () => channel.send({ type: "done", state, ...(redirectUrl && { redirectUrl }) }),
      REDIRECT_DELAY_MS,
    );
  };

  return (
    <I18nContext.Provider value={translator}>
      <div class="frame">
        <LiveRegion />
        {renderView(view.value, translator.t, {
          pay: async (card) => {
            const result = await api.payWithCard(checkoutId, card);
            // A final outcome is reported by `finish`; a decline that leaves attempts, here.
            if (result.kind === "outcome" && result.outcome.state === "PaymentReady")
              reportDecline(result.outcome);
            return result;
          },
          mbway,
          onFinal: finish,
          // Shown afresh from what the service says now (the forms start over).
          onClosed: () => {
            view.value = { kind: "loading" };
            void load();
          },
        })}
      </div>
    </I18nContext.Provider>
  );
}

interface Handlers {
  pay: (card: CardPaymentRequest) => Promise<PayResult>;
  mbway: MbwayApi;
  onFinal: (checkout: FrameCheckout, outcome: PaymentOutcome) => void;
  onClosed: () => void;
}

function renderView(view: View, t: Translator["t"], handlers: Handlers) {
  switch (view.kind) {
    case "loading":
      return (
        <p class="loading" aria-busy="true">
          <span class="spinner" aria-hidden="true" />
        </p>
      );
    case "failed":
      return isUnknownCheckout(view.failure) ? (
        <StatusScreen tone="error" title={t("unknownTitle")}>
          <p>{t("unknownText")}</p>
        </StatusScreen>
      ) : (
        <StatusScreen tone="error" title={t("loadFailed")} />
      );
    case "finished": {
      const { outcome } = view;
      return outcome.approved ? (
        <StatusScreen tone="success" title={t("paidTitle")} focus>
          <p>{t("paidText")}</p>
          {outcome.redirectUrl && <p>{t("redirecting")}</p>}
        </StatusScreen>
      ) : (
        <StatusScreen
          tone="error"
          title={t(outcome.state === "Expired" ? "expiredTitle" : "declinedTitle")}
          focus
        >
          <p role="alert">{t(declineMessageKey(outcome.reason))}</p>
          {outcome.redirectUrl && <p>{t("redirecting")}</p>}
        </StatusScreen>
      );
    }
    case "ready":
      return renderCheckout(view.checkout, t, handlers);
  }
}

function renderCheckout(checkout: FrameCheckout, t: Translator["t"], handlers: Handlers) {
  switch (checkout.state) {
    case "Success":
      return (
        <StatusScreen tone="info" title={t("alreadyPaidTitle")}>
          <p>{t("alreadyPaidText")}</p>
        </StatusScreen>
      );
    case "Expired":
      return (
        <StatusScreen tone="info" title={t("expiredTitle")}>
          <p>{t("expiredText")}</p>
        </StatusScreen>
      );
    case "Declined":
      return (
        <StatusScreen tone="error" title={t("declinedTitle")}>
          <p>{t("closedText")}</p>
        </StatusScreen>
      );
    case "PaymentReady":
      if (offeredMethods(checkout).length === 0) {
        return <StatusScreen tone="info" title={t("noMethod")} />;
      }
      return (
        <PaymentMethods
          checkout={checkout}
          payWithCard={handlers.pay}
          mbway={handlers.mbway}
          onFinal={(outcome) => handlers.onFinal(checkout, outcome)}
          onClosed={handlers.onClosed}
        />
      );
  }
}

/** The frame's title: the card's, MB WAY's, or a neutral one when the shopper chooses. */
function titleKey(view: View): MessageKey {
  if (view.kind !== "ready" && view.kind !== "finished") return "title";
  const methods = offeredMethods(view.checkout);
  if (methods.length > 1) return "titleChoice";
  return methods[0] === "MW" ? "mbwayTitle" : "title";
}
