import type { CardPaymentRequest, Challenge, FrameCheckout, PaymentOutcome } from "@contract/frame";
import { useEffect } from "preact/hooks";
import type { PayResult } from "../../api/frame-api";
import { useI18n } from "../../i18n/I18nContext";
import type { MessageKey } from "../../i18n/messages";
import { formatCardNumber, formatCvc, formatExpiry } from "../../utils/formatters";
import { Field } from "../../shared/Field";
import { PaymentForm } from "../../shared/PaymentForm";
import { usePaymentForm } from "../../shared/use-payment-form";
import { BRAND_BADGE_ID, BrandBadge } from "./BrandBadge";
import { brandDisplay } from "./brand";
import { fieldOfDetail, toCardRequest } from "./card-request";
import { CARD_FIELDS, type CardField, type CardValues, cardRules, cvcLengthFor } from "./card-rules";
import { declineAlert } from "../../shared/decline-message";
import { reportBrand } from "../../parent/parent-report";

export interface CardFormProps {
  checkout: FrameCheckout;
  pay: (card: CardPaymentRequest) => Promise<PayResult>;
  /** The payment is over: approved, or declined with no attempts left. */
  onFinal: (outcome: PaymentOutcome) => void;
  /** The checkout turned out to be closed or gone: the app reloads it and shows why. */
  onClosed: () => void;
  /** The issuer asks for 3-D Secure before it answers. */
  onChallenge?: (challenge: Challenge) => void;
  /** Shown when the form opens (why the last challenge did not pay). */
  initialAlert?: string | undefined;
}

const EMPTY: CardValues = { holder: "", number: "", expiry: "", cvc: "" };

const SERVICE_PROBLEMS: Record<CardField, MessageKey> = {
  holder: "holderRequired",
  number: "numberInvalid",
  expiry: "expiryInvalid",
  cvc: "cvcRequired",
};

export function CardForm({ checkout, pay, onFinal, onClosed, onChallenge, initialAlert }: CardFormProps) {
  const { t } = useI18n();
  const form = usePaymentForm(EMPTY, CARD_FIELDS, cardRules);
  const { values, alert } = form;

  useEffect(() => {
    if (!initialAlert) return;
    alert.value = initialAlert;
    form.focus("number");
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once: the alert the form opens with
  }, []);

  const submit = form.submit(
    (card) => pay(toCardRequest(card)),
    (result) => {
      if (result.kind === "outcome") {
        const { outcome } = result;
        if (outcome.challenge && onChallenge) {
          values.value = EMPTY;
          return onChallenge(outcome.challenge);
        }
        if (outcome.approved || outcome.state !== "PaymentReady") {
          values.value = EMPTY; // nothing of the card stays in memory once it is over
          return onFinal(outcome);
        }
        alert.value = declineAlert(t, outcome.reason, outcome.attemptsLeft);
        return form.focus("number");
      }
      if (result.status === 404 || result.code === "checkout_closed") return onClosed();
      if (result.code === "invalid_card" && form.refused(result.details, fieldOfDetail, SERVICE_PROBLEMS))
        return;
      form.failed(result.status);
    },
  );

  const v = values.value;
  // Each field: its value, error, ref and handlers.
  const wire = (field: CardField) => ({
    id: field,
    label: t(field),
    value: v[field],
    error: form.text(field),
    inputRef: form.ref(field),
    onValue: (value: string) => {
      const next = form.change(field, value);
      if (field === "number") reportBrand(next.number);
      // The number's brand decides the CVC's length: re-judge a CVC shown wrong.
      if (field === "number" && form.errors.value.cvc) form.setError("cvc", form.check("cvc", next));
    },
    onBlur: form.leave(field),
  });

  return (
    <PaymentForm
      class="card-form"
      titleId="form-title"
      title="title"
      checkout={checkout}
      alert={alert.value}
      saveNotice="saveNotice"
      busy={form.busy.value}
      onSubmit={submit}
    >
      <Field {...wire("holder")} autocomplete="cc-name" maxLength={100} />
      <Field
        {...wire("number")}
        describedBy={brandDisplay(v.number) ? BRAND_BADGE_ID : undefined}
        autocomplete="cc-number"
        numeric
        placeholder="1234 5678 9012 3456"
        format={formatCardNumber}
      >
        <BrandBadge number={v.number} />
      </Field>
      <div class="field-row">
        <Field
          {...wire("expiry")}
          hint={t("expiryHint")}
          autocomplete="cc-exp"
          numeric
          placeholder={t("expiryHint")}
          format={formatExpiry}
        />
        <Field
          {...wire("cvc")}
          hint={t("cvcHint", { n: cvcLengthFor(v.number) })}
          autocomplete="cc-csc"
          numeric
          maxLength={4}
          format={formatCvc}
        />
      </div>
    </PaymentForm>
  );
}
