import { useSignal } from "@preact/signals";
import { useEffect, useRef } from "preact/hooks";
import type { FrameCheckout, PaymentOutcome } from "../../../../mock-service/contract/frame";
import { phoneCountry } from "../../../../mock-service/contract/phone-numbers";
import type { CheckoutResult } from "../../api/frame-api";
import { useI18n } from "../../i18n/I18nContext";
import { type Problem, validate } from "../../utils/validation";
import { Field } from "../shared/Field";
import { announce } from "../shared/LiveRegion";
import { PayButton } from "../shared/PayButton";
import { outcomeOf } from "./checkout-outcome";
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

type Errors = Partial<Record<MbwayField, Problem>>;
/** Errors as checked: a field without a problem (null) is left out. */
type Checked = Partial<Record<MbwayField, Problem | null | undefined>>;

const SERVICE_PROBLEMS: Record<MbwayField, Problem> = {
  countryCode: { key: "countryInvalid" },
  number: { key: "phoneInvalid" },
};

export function MbwayForm(props: MbwayFormProps) {
  const { checkout } = props;
  const { t, amount } = useI18n();
  const values = useSignal<MbwayValues>(props.initial);
  const errors = useSignal<Errors>({});
  const busy = useSignal(false);
  const failure = useSignal<string | undefined>(undefined);
  const select = useRef<HTMLSelectElement>(null);
  const number = useRef<HTMLInputElement>(null);
  // Set synchronously, before any re-render, so a double click cannot send a second request.
  const sending = useRef(false);

  useEffect(() => {
    if (props.alert || props.focusNumber) number.current?.focus();
  }, []);

  const text = (problem: Problem | undefined) => problem && t(problem.key, problem.params);
  const check = (field: MbwayField, next: MbwayValues, moment: "input" | "blur") =>
    validate(mbwayRules[field], next[field], next, moment);

  const setErrors = (next: Checked) => {
    errors.value = Object.fromEntries(Object.entries(next).filter(([, p]) => p)) as Errors;
  };

  const changeNumber = (value: string) => {
    const next = { ...values.value, number: value };
    values.value = next;
    setErrors({ ...errors.value, number: check("number", next, errors.value.number ? "blur" : "input") });
  };

  const changeCountry = (code: string) => {
    const next = { countryCode: code, number: formatPhone(values.value.number, code) };
    values.value = next;
    // Another country has other rules: re-judge a number already typed.
    const numberProblem = next.number ? check("number", next, "blur") : undefined;
    setErrors({ countryCode: check("countryCode", next, "blur"), number: numberProblem });
  };

  const leaveNumber = () => {
    if (!values.value.number && !errors.value.number) return;
    const problem = check("number", values.value, "blur");
    setErrors({ ...errors.value, number: problem });
    if (problem) announce(t(problem.key, problem.params));
  };

  const focus = (field: MbwayField) => (field === "number" ? number : select).current?.focus();

  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = MBWAY_FIELDS.find((field) => found[field]);
    if (first) focus(first);
    announce(t("fixErrors"));
    return !!first;
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (sending.current) return;
    const found: Errors = {};
    for (const field of MBWAY_FIELDS) {
      const problem = check(field, values.value, "blur");
      if (problem) found[field] = problem;
    }
    if (MBWAY_FIELDS.some((field) => found[field])) return void showErrors(found);

    sending.current = true;
    busy.value = true;
    failure.value = undefined;
    const phone = { countryCode: values.value.countryCode, number: values.value.number.replace(/\s/g, "") };
    const result = await props.start(phone);
    sending.current = false;
    busy.value = false;

    if (result.kind === "checkout") {
      const answered = result.checkout;
      if (answered.state !== "PaymentReady") return props.onFinal(outcomeOf(answered));
      return props.onWaiting(answered, phone);
    }
    if (result.code === "invalid_phone") {
      const fromService: Errors = {};
      for (const detail of result.details) {
        if (detail.path === "number" || detail.path === "countryCode")
          fromService[detail.path] = SERVICE_PROBLEMS[detail.path];
      }
      if (showErrors(fromService)) return;
    }
    // Closed, not offered any more, or already waiting (another tab): the app reloads and shows why.
    if (result.status === 404 || result.status === 409) return props.onClosed();
    failure.value = t(result.status === 429 ? "rateLimited" : "payFailed");
  };

  const v = values.value;
  const e = errors.value;
  const example = phoneCountry(v.countryCode)?.example;
  const alert = failure.value ?? props.alert;

  return (
    <form class="mbway-form" noValidate onSubmit={submit} aria-labelledby="mbway-title">
      <h1 id="mbway-title" class="visually-hidden">
        {t("mbwayTitle")}
      </h1>
      {checkout.summary && <p class="summary">{checkout.summary}</p>}
      {alert && (
        <div class="alert" role="alert">
          {alert}
        </div>
      )}
      <div class="phone-row">
        <CountrySelect
          id="country-code"
          label={t("countryCode")}
          value={v.countryCode}
          error={text(e.countryCode)}
          selectRef={select}
          onValue={changeCountry}
        />
        <Field
          id="phone"
          label={t("phone")}
          hint={example && t("phoneHint", { example })}
          value={v.number}
          error={text(e.number)}
          autocomplete="tel-national"
          inputMode="tel"
          placeholder={example}
          format={(raw) => formatPhone(raw, values.value.countryCode)}
          inputRef={number}
          onValue={changeNumber}
          onBlur={leaveNumber}
        />
      </div>
      {checkout.createRegistration && <p class="notice">{t("mbwaySaveNotice")}</p>}
      <PayButton
        label={t("pay", { amount: amount(checkout.amount, checkout.currency) })}
        busyLabel={t("processing")}
        busy={busy.value}
      />
    </form>
  );
}
