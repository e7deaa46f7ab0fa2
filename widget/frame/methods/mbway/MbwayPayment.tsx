import { useSignal } from "../../utils/signals";
import { useEffect } from "preact/hooks";
import type { FrameCheckout, PaymentOutcome } from "@contract/frame";
import { currentTranslator, useI18n } from "../../i18n/I18nContext";
import { AwaitScreen } from "../../shared/AwaitScreen";
import { reportDecline } from "../../parent/parent-report";
import { declineAlert, declineMessageKey } from "../../shared/decline-message";
import { announce } from "../../shared/LiveRegion";
import { outcomeOf } from "../../shared/checkout-outcome";
import type { MbwayApi } from "./mbway-api";
import type { MbwayValues } from "./mbway-rules";
import { MbwayForm } from "./MbwayForm";

export interface MbwayPaymentProps {
  checkout: FrameCheckout;
  api: MbwayApi;
  onFinal: (outcome: PaymentOutcome) => void;
  onClosed: () => void;
  /** True while the approval waits: the method choice is locked meanwhile. */
  onWaitingChange?: (waiting: boolean) => void;
}

const START: MbwayValues = { countryCode: "351", number: "" };

/**
 * MB WAY: the phone form, then the wait for approval in the app. The outcome comes over the
 * checkout's event stream; a decline brings the form back with its reason, a final state ends it.
 */
export function MbwayPayment({ checkout, api, onFinal, onClosed, onWaitingChange }: MbwayPaymentProps) {
  const { t, amount } = useI18n();
  // A checkout loaded while a request waits (the frame was reloaded) opens on the await screen.
  const waiting = useSignal<FrameCheckout | undefined>(checkout.mbway?.expiresAt ? checkout : undefined);
  const phone = useSignal<MbwayValues>(START);
  const alert = useSignal<string | undefined>(undefined);
  const returned = useSignal(false);
  const cancelling = useSignal(false);
  const isWaiting = waiting.value !== undefined;

  const backToForm = (message?: string) => {
    waiting.value = undefined;
    alert.value = message;
    returned.value = true;
  };

  useEffect(() => {
    onWaitingChange?.(isWaiting);
    if (!isWaiting) return;
    return api.watch({
      onChange: (current) => {
        if (current.state !== "PaymentReady") return onFinal(outcomeOf(current));
        if (current.mbway?.expiresAt) {
          waiting.value = current;
          return;
        }
        // No longer waiting: declined in the app (attempts remain), or cancelled elsewhere.
        if (current.reason === "mbway_declined") {
          const now = currentTranslator().t;
          reportDecline(current.reason, now(declineMessageKey(current.reason)));
          backToForm(declineAlert(now, current.reason, current.attemptsLeft));
        } else backToForm();
      },
      onLost: onClosed,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one stream while waiting; its handlers read signals and the current translator
  }, [isWaiting]);

  const cancel = async () => {
    if (cancelling.value) return;
    cancelling.value = true;
    const result = await api.cancel();
    cancelling.value = false;
    if (result.kind === "checkout") {
      if (result.checkout.state !== "PaymentReady") return onFinal(outcomeOf(result.checkout));
      announce(t("cancelled"));
      return backToForm();
    }
    // 409: answered meanwhile; the event stream brings the answer. Anything else: say so, keep waiting.
    if (result.status !== 409) announce(t("payFailed"));
  };

  const current = waiting.value;
  if (current?.mbway?.expiresAt) {
    return (
      <AwaitScreen
        title={t("awaitTitle")}
        expiresAt={current.mbway.expiresAt}
        timeLeft={(time) => t("timeLeft", { time })}
        cancelLabel={t("cancel")}
        cancelling={cancelling.value}
        onCancel={() => void cancel()}
      >
        <p>{t("awaitText", { amount: amount(current.amount, current.currency) })}</p>
        {phone.value.number && (
          <p>{t("sentTo", { phone: `+${phone.value.countryCode} ${phone.value.number}` })}</p>
        )}
      </AwaitScreen>
    );
  }
  return (
    <MbwayForm
      checkout={checkout}
      initial={phone.value}
      alert={alert.value}
      focusNumber={returned.value}
      start={api.start}
      onWaiting={(answered, sent) => {
        phone.value = sent;
        alert.value = undefined;
        waiting.value = answered;
      }}
      onFinal={onFinal}
      onClosed={onClosed}
    />
  );
}
