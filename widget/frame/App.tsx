import { isFinalCheckoutState } from "@contract/checkout-states";
import type { FrameCheckout, PaymentOutcome } from "@contract/frame";
import { useEffect, useRef } from "preact/hooks";
import { type ApiFailure, type CheckoutClient, isUnknownCheckout, type LoadResult } from "./api/frame-api";
import { I18nContext } from "./i18n/I18nContext";
import { loadTranslator, resolveLanguage, type Translator, untranslated } from "./i18n/i18n";
import type { MessageKey } from "./i18n/messages";
import { PaymentMethods } from "./methods/PaymentMethods";
import { offeredMethods } from "./methods/registry";
import { merchantOptions } from "./options/merchant-options";
import type { ParentChannel } from "./parent/parent-channel";
import { isDecline, outcomeOf } from "./shared/checkout-outcome";
import { declineMessageKey } from "./shared/decline-message";
import { LiveRegion } from "./shared/LiveRegion";
import { Loading } from "./shared/Loading";
import { StatusScreen } from "./shared/StatusScreen";
import { type ReadonlySignal, signal, useSignal, useSignalValue } from "./utils/signals";

export interface AppProps {
  /** The frame API of the checkout this frame shows. */
  client: CheckoutClient;
  channel: ParentChannel;
  /** Language to speak until the checkout says which (the page's `lang`, set by the service). */
  initialLanguage?: string;
  /** The checkout embedded in the frame page: shown at once, without asking the service. */
  initial?: LoadResult | undefined;
  /** The checkout's catalog, already loaded for the first render. */
  translator?: Translator | undefined;
  /** True once the merchant's page cancelled the redirect after a final state: it stays. */
  pageStays?: ReadonlySignal<boolean>;
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

/** The language the frame speaks: the merchant's choice, else the one the page was served in. */
const languageOf = (result: LoadResult, pageLanguage: string | undefined) =>
  (result.kind === "checkout" && result.checkout.language) || pageLanguage;

const NEVER_STAYS = signal(false);

export function App({
  client,
  channel,
  initialLanguage,
  initial,
  translator: first,
  pageStays = NEVER_STAYS,
}: AppProps) {
  const view = useSignal<View>(initial ? viewOf(initial) : { kind: "loading" });
  const i18n = useSignal<Translator>(first ?? untranslated);
  // While a method waits outside the form (MB WAY's app), it follows the checkout itself.
  const methodWaiting = useSignal(false);
  const stays = useSignalValue(pageStays);

  const load = async () => {
    // The page's lang (from the service) lets the catalog load alongside the checkout itself.
    const [result, guessed] = await Promise.all([client.load(), loadTranslator(initialLanguage)]);
    const language = merchantOptions.value?.locale ?? languageOf(result, initialLanguage);
    i18n.value = resolveLanguage(language) === guessed.language ? guessed : await loadTranslator(language);
    view.value = viewOf(result);
  };

  useEffect(() => {
    if (!initial) void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once: the app's props are fixed for the frame's life
  }, []);

  const finish = (checkout: FrameCheckout, outcome: PaymentOutcome) => {
    if (view.value.kind === "finished") return; // told twice (the answer and the event stream)
    view.value = { kind: "finished", checkout, outcome };
    reportDecline(outcome);
    const { redirectUrl, state } = outcome;
    const done = { type: "done" as const, state, ...(redirectUrl && { redirectUrl }) };
    setTimeout(() => channel.send(done), REDIRECT_DELAY_MS);
  };

  // The open form follows its checkout: expired, paid or declined elsewhere ends it at once.
  const open = view.value.kind === "ready" && view.value.checkout.state === "PaymentReady";
  const following = open && !methodWaiting.value;
  useEffect(() => {
    if (!following) return;
    return client.watch({
      onChange: (current) => {
        if (isFinalCheckoutState(current.state)) finish(current, outcomeOf(current));
      },
      // Refused or lost for good: the form still works, and paying says what happened.
      onLost: () => undefined,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one stream while following; `finish` reads the view and the catalog from signals
  }, [following]);

  // The merchant's locale, from the loader's hello, wins over the checkout's language.
  const options = useSignalValue(merchantOptions);
  const locale = options?.locale;
  useEffect(() => {
    if (locale && i18n.value.language !== locale) void loadTranslator(locale).then((t) => (i18n.value = t));
  }, [locale, i18n]);

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
    // A Multibanco voucher waiting to be paid (Pending) is shown in the form as usable as ever.
    if (current.kind === "ready" && /^(PaymentReady|Pending)$/.test(current.checkout.state)) {
      return channel.send({ type: "ready" });
    }
    const unknown = current.kind === "failed" && isUnknownCheckout(current.failure);
    channel.send({ type: "error", code: unknown ? "not_found" : "checkout_closed", message: title });
  }, [options, translator, current, locale, title, channel]);
  useEffect(() => {
    if (translator === untranslated) return; // no catalog yet: nothing worth saying
    document.documentElement.lang = translator.language;
    document.title = title;
    channel.send({ type: "title", title });
  }, [translator, title, channel]);

  // A decline's reason and text go to the merchant's page (checkout:error); never anything of the card.
  const reportDecline = (outcome: PaymentOutcome) => {
    if (!isDecline(outcome)) return;
    // The current catalog: this runs from the stream's handler too, opened renders ago.
    const message = i18n.value.t(declineMessageKey(outcome.reason));
    channel.send({ type: "error", code: outcome.reason ?? "card_declined", message });
  };
  // Every method pays through the client: a decline that leaves attempts is reported here, a final
  // outcome by `finish`.
  const reporting: CheckoutClient = {
    ...client,
    send: async (path, wrap, init) => {
      const result = await client.send(path, wrap, init);
      const outcome = (result as { kind?: string; outcome?: PaymentOutcome }).outcome;
      if (outcome?.state === "PaymentReady") reportDecline(outcome);
      return result;
    },
  };

  return (
    <I18nContext.Provider value={translator}>
      <div class="frame">
        <LiveRegion />
        {renderView(view.value, translator.t, stays, {
          client: reporting,
          onFinal: finish,
          // Shown afresh from what the service says now (the forms start over).
          onClosed: () => {
            view.value = { kind: "loading" };
            void load();
          },
          onWaitingChange: (waiting) => (methodWaiting.value = waiting),
        })}
      </div>
    </I18nContext.Provider>
  );
}

interface Handlers {
  client: CheckoutClient;
  onFinal: (checkout: FrameCheckout, outcome: PaymentOutcome) => void;
  onClosed: () => void;
  onWaitingChange: (waiting: boolean) => void;
}

function renderView(view: View, t: Translator["t"], pageStays: boolean, handlers: Handlers) {
  switch (view.kind) {
    case "loading":
      return <Loading />;
    case "failed":
      return isUnknownCheckout(view.failure) ? (
        <StatusScreen tone="error" title={t("unknownTitle")}>
          <p>{t("unknownText")}</p>
        </StatusScreen>
      ) : (
        <StatusScreen tone="error" title={t("loadFailed")} />
      );
    case "finished":
      return renderOutcome(view.outcome, view.checkout, t, pageStays);
    case "ready":
      return renderCheckout(view.checkout, t, handlers);
  }
}

function renderOutcome(
  outcome: PaymentOutcome,
  checkout: FrameCheckout,
  t: Translator["t"],
  pageStays: boolean,
) {
  const redirecting = outcome.redirectUrl && !pageStays && <p>{t("redirecting")}</p>;
  const voucher = checkout.multibanco;
  if (outcome.state === "Pending" && voucher) {
    // Multibanco: the shopper goes back to the shop; the reference is paid later.
    return (
      <StatusScreen tone="info" title={t("pendingTitle")} focus>
        <p>{t("voucherText")}</p>
        {redirecting}
      </StatusScreen>
    );
  }
  if (outcome.approved) {
    return (
      <StatusScreen tone="success" title={t(voucher ? "paymentReceived" : "paidTitle")} focus>
        <p>{t("paidText")}</p>
        {redirecting}
      </StatusScreen>
    );
  }
  const expired = outcome.state === "Expired";
  const expiredKey = voucher ? "voucherExpiredText" : "expiredText";
  return (
    <StatusScreen tone="error" title={t(expired ? "expiredTitle" : "declinedTitle")} focus>
      <p role="alert">{t(expired && !outcome.reason ? expiredKey : declineMessageKey(outcome.reason))}</p>
      {redirecting}
    </StatusScreen>
  );
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
          <p>{t(checkout.multibanco ? "voucherExpiredText" : "expiredText")}</p>
        </StatusScreen>
      );
    case "Declined":
      return (
        <StatusScreen tone="error" title={t("declinedTitle")}>
          <p>{t("closedText")}</p>
        </StatusScreen>
      );
    case "PaymentReady":
    case "Pending": // a Multibanco voucher waits: its method opens on it
      if (offeredMethods(checkout).length === 0) {
        return <StatusScreen tone="info" title={t("noMethod")} />;
      }
      return (
        <PaymentMethods
          checkout={checkout}
          client={handlers.client}
          onFinal={(outcome, current) => handlers.onFinal(current ?? checkout, outcome)}
          onClosed={handlers.onClosed}
          onWaitingChange={handlers.onWaitingChange}
        />
      );
  }
}

/** The frame's title: the only method's, or a neutral one when the shopper chooses. */
function titleKey(view: View): MessageKey {
  if (view.kind !== "ready" && view.kind !== "finished") return "title";
  const methods = offeredMethods(view.checkout);
  if (methods.length > 1) return "titleChoice";
  return methods[0]?.titleKey ?? "title";
}
