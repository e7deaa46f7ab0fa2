import { useSignal } from "@preact/signals";
import { useEffect, useMemo } from "preact/hooks";
import type { CardPaymentRequest, FrameCheckout, PaymentOutcome } from "../../mock-service/contract/frame";
import { type ApiFailure, isUnknownCheckout, type LoadResult, type PayResult } from "./api/frame-api";
import { CardForm } from "./components/card/CardForm";
import { declineMessageKey } from "./components/card/decline-message";
import { LiveRegion } from "./components/shared/LiveRegion";
import { StatusScreen } from "./components/shared/StatusScreen";
import { I18nContext } from "./i18n/I18nContext";
import { createTranslator, type Translator } from "./i18n/i18n";
import type { ParentChannel } from "./parent/parent-channel";

export interface FrameApi {
  loadCheckout(id: string): Promise<LoadResult>;
  payWithCard(id: string, card: CardPaymentRequest): Promise<PayResult>;
}

export interface AppProps {
  checkoutId: string;
  api: FrameApi;
  channel: ParentChannel;
  /** Language to speak until the checkout says which (the page's `lang`, set by the service). */
  initialLanguage?: string;
}

type View =
  | { kind: "loading" }
  | { kind: "failed"; failure: ApiFailure }
  | { kind: "ready"; checkout: FrameCheckout }
  | { kind: "finished"; checkout: FrameCheckout; outcome: PaymentOutcome };

/** Delay before leaving, so the shopper sees the result before the shop's page replaces it. */
const REDIRECT_DELAY_MS = 800;

export function App({ checkoutId, api, channel, initialLanguage }: AppProps) {
  const view = useSignal<View>({ kind: "loading" });
  const current = view.value;
  const language =
    current.kind === "ready" || current.kind === "finished" ? current.checkout.language : initialLanguage;
  const i18n = useMemo(() => createTranslator(language), [language]);
  const { t } = i18n;

  const load = async () => {
    const result = await api.loadCheckout(checkoutId);
    view.value =
      result.kind === "checkout"
        ? { kind: "ready", checkout: result.checkout }
        : { kind: "failed", failure: result };
  };

  useEffect(() => {
    void load();
  }, [checkoutId]);

  useEffect(() => {
    document.documentElement.lang = i18n.language;
    document.title = t("title");
    channel.send({ type: "title", title: t("title") });
  }, [i18n]);

  const finish = (checkout: FrameCheckout, outcome: PaymentOutcome) => {
    view.value = { kind: "finished", checkout, outcome };
    const { redirectUrl } = outcome;
    if (redirectUrl) setTimeout(() => channel.send({ type: "done", redirectUrl }), REDIRECT_DELAY_MS);
  };

  return (
    <I18nContext.Provider value={i18n}>
      <div class="frame">
        <LiveRegion />
        {renderView(current, i18n.t, {
          pay: (card) => api.payWithCard(checkoutId, card),
          onFinal: (checkout, outcome) => finish(checkout, outcome),
          onClosed: () => void load(),
        })}
      </div>
    </I18nContext.Provider>
  );
}

interface Handlers {
  pay: (card: CardPaymentRequest) => Promise<PayResult>;
  onFinal: (checkout: FrameCheckout, outcome: PaymentOutcome) => void;
  onClosed: () => void;
}

function renderView(view: View, t: Translator["t"], handlers: Handlers) {
  switch (view.kind) {
    case "loading":
      return (
        <p class="loading" aria-busy="true">
          {t("loading")}
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
        <StatusScreen tone="error" title={t("declinedTitle")} focus>
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
      if (!checkout.paymentMethods.includes("CC")) {
        return <StatusScreen tone="info" title={t("noMethod")} />;
      }
      return (
        <CardForm
          checkout={checkout}
          pay={handlers.pay}
          onFinal={(outcome) => handlers.onFinal(checkout, outcome)}
          onClosed={handlers.onClosed}
        />
      );
  }
}
