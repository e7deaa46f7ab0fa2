import type { Challenge, FrameCheckout, PaymentOutcome, SavedCard } from "@contract/frame";
import { cvcLengthOfBrand } from "@contract/card-brands";
import { useSignal } from "../../utils/signals";
import { useEffect } from "preact/hooks";
import type { PayResult } from "../../api/frame-api";
import { useI18n } from "../../i18n/I18nContext";
import { formatCvc } from "../../utils/formatters";
import { declineAlert } from "../../shared/decline-message";
import { Field } from "../../shared/Field";
import { PaymentForm } from "../../shared/PaymentForm";
import { usePaymentForm } from "../../shared/use-payment-form";
import { SAVED_CARD_FIELDS, type SavedCardValues, savedCardRules, shortExpiry } from "./saved-card-rules";

export interface SavedCardFormProps {
  checkout: FrameCheckout;
  cards: SavedCard[];
  pay: (registrationId: string, cvc: string) => Promise<PayResult>;
  onFinal: (outcome: PaymentOutcome) => void;
  onClosed: () => void;
  onChallenge: (challenge: Challenge) => void;
  initialAlert?: string | undefined;
}

/** The customer's saved cards as one choice (the first chosen); the chosen one needs its security code. */
export function SavedCardForm(props: SavedCardFormProps) {
  const { cards, checkout } = props;
  const { t } = useI18n();
  const chosen = useSignal(cards[0]?.registrationId ?? "");
  const card = cards.find((c) => c.registrationId === chosen.value) ?? cards[0];
  const form = usePaymentForm<"cvc", SavedCardValues>(
    { cvc: "", brand: card?.brand ?? "" },
    SAVED_CARD_FIELDS,
    savedCardRules,
  );
  const { values, alert } = form;

  useEffect(() => {
    if (!props.initialAlert) return;
    alert.value = props.initialAlert;
    form.focus("cvc");
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once: the alert the form opens with
  }, []);

  const choose = (next: SavedCard) => {
    chosen.value = next.registrationId;
    values.value = { cvc: "", brand: next.brand };
    form.errors.value = {};
  };

  const submit = form.submit(
    (v) => props.pay(chosen.value, v.cvc.trim()),
    (result) => {
      if (result.kind === "outcome") {
        const { outcome } = result;
        values.value = { ...values.value, cvc: "" };
        if (outcome.challenge) return props.onChallenge(outcome.challenge);
        if (outcome.approved || outcome.state !== "PaymentReady") return props.onFinal(outcome);
        alert.value = declineAlert(t, outcome.reason, outcome.attemptsLeft);
        return form.focus("cvc");
      }
      if (result.status === 404 || result.code === "checkout_closed") return props.onClosed();
      if (result.code === "invalid_card") {
        form.showErrors({ cvc: { key: "cvcLength", params: { n: cvcLengthOfBrand(values.value.brand) } } });
        return;
      }
      form.failed(result.status);
    },
  );

  return (
    <PaymentForm
      class="saved-cards"
      titleId="form-title"
      title="title"
      checkout={checkout}
      alert={alert.value}
      saveNotice="saveNotice"
      busy={form.busy.value}
      onSubmit={submit}
    >
      <fieldset class="saved-card-list">
        <legend>{t("savedCards")}</legend>
        {cards.map((c) => (
          <label class="saved-card" key={c.registrationId}>
            <input
              type="radio"
              name="saved-card"
              value={c.registrationId}
              checked={c.registrationId === chosen.value}
              onChange={() => choose(c)}
            />
            <span class="saved-card__brand">{c.brand}</span>{" "}
            <span class="saved-card__number">•••• {c.last4Digits}</span>{" "}
            <span class="saved-card__expiry">
              {t("savedCardExpiry", { date: shortExpiry(c.expiryMonth, c.expiryYear) })}
            </span>
          </label>
        ))}
      </fieldset>
      <Field
        id="cvc"
        label={t("cvc")}
        value={values.value.cvc}
        error={form.text("cvc")}
        hint={t("cvcHint", { n: cvcLengthOfBrand(values.value.brand) })}
        inputRef={form.ref("cvc")}
        autocomplete="cc-csc"
        numeric
        maxLength={4}
        format={formatCvc}
        onValue={(value) => form.change("cvc", value)}
        onBlur={form.leave("cvc")}
      />
    </PaymentForm>
  );
}
