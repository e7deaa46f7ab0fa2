import { useEffect } from "preact/hooks";
import type { FrameCheckout, PaymentOutcome } from "@contract/frame";
import { phoneCountry } from "@contract/phone-numbers";
import type { CheckoutResult } from "../../api/frame-api";
import { useI18n } from "../../i18n/I18nContext";
import type { MessageKey } from "../../i18n/messages";
import { Field } from "../../shared/Field";
import { PaymentForm } from "../../shared/PaymentForm";
import { usePaymentForm } from "../../shared/use-payment-form";
import { outcomeOf } from "../../shared/checkout-outcome";
import { CountrySelect } from "./CountrySelect";
import { formatPhone, MBWAY_FIELDS, type MbwayField, type MbwayValues, mbwayRules } from "./mbway-rules";

export interface MbwayFormProps {
  checkout: FrameCheckout;
  /** What the shopper typed last time (after a decline or a cancel), Portugal and empty at first. */
  initial: MbwayValues;
  /** A decline to tell about; the number field then takes the focus. */
  alert?: string | undefined;
  /** Move the focus to the number (back from the await screen). */
  focusNumber?: boolean;
  start: (phone: MbwayValues) => Promise<CheckoutResult>;
  /** The request was sent: the approval now waits in the shopper's app. */
  onWaiting: (checkout: FrameCheckout, phone: MbwayValues) => void;
  onFinal: (outcome: PaymentOutcome) => void;
  onClosed: () => void;
}

const SERVICE_PROBLEMS: Record<MbwayField, MessageKey> = {
  countryCode: "countryInvalid",
  number: "phoneInvalid",
};

const fieldOfDetail = (path: string): MbwayField | undefined =>
  path === "number" || path === "countryCode" ? path : undefined;

export function MbwayForm(props: MbwayFormProps) {
  const { t } = useI18n();
  const form = usePaymentForm(props.initial, MBWAY_FIELDS, mbwayRules);
  const { values } = form;

  useEffect(() => {
    if (props.alert || props.focusNumber) form.focus("number");
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once: where the form opens
  }, []);

  const changeCountry = (code: string) => {
    const next = { countryCode: code, number: formatPhone(values.value.number, code) };
    values.value = next;
    // Another country has other rules: re-judge a number already typed.
    form.setError("countryCode", form.check("countryCode", next));
    form.setError("number", next.number ? form.check("number", next) : null);
  };

  let phone: MbwayValues;
  const submit = form.submit(
    (typed) => {
      phone = { countryCode: typed.countryCode, number: typed.number.replace(/\s/g, "") };
      return props.start(phone);
    },
    (result) => {
      if (result.kind === "checkout") {
        const answered = result.checkout;
        if (answered.state !== "PaymentReady") return props.onFinal(outcomeOf(answered));
        return props.onWaiting(answered, phone);
      }
      if (result.code === "invalid_phone" && form.refused(result.details, fieldOfDetail, SERVICE_PROBLEMS))
        return;
      // Closed, not offered any more, or already waiting (another tab): the app reloads and shows why.
      if (result.status === 404 || result.status === 409) return props.onClosed();
      form.failed(result.status);
    },
  );

  const v = values.value;
  const example = phoneCountry(v.countryCode)?.example;

  return (
    <PaymentForm
      class="mbway-form"
      titleId="mbway-title"
      title="mbwayTitle"
      checkout={props.checkout}
      alert={form.alert.value ?? props.alert}
      saveNotice="mbwaySaveNotice"
      busy={form.busy.value}
      onSubmit={submit}
    >
      <div class="phone-row">
        <CountrySelect
          id="country-code"
          label={t("countryCode")}
          value={v.countryCode}
          error={form.text("countryCode")}
          selectRef={form.ref("countryCode")}
          onValue={changeCountry}
        />
        <Field
          id="phone"
          label={t("phone")}
          hint={example && t("phoneHint", { example })}
          value={v.number}
          error={form.text("number")}
          autocomplete="tel-national"
          inputMode="tel"
          placeholder={example}
          format={(raw) => formatPhone(raw, values.value.countryCode)}
          inputRef={form.ref("number")}
          onValue={(value) => form.change("number", value)}
          onBlur={form.leave("number")}
        />
      </div>
    </PaymentForm>
  );
}
