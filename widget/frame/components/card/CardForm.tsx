import { useSignal } from "@preact/signals";
import { useRef } from "preact/hooks";
import type {
  CardPaymentRequest,
  FrameCheckout,
  PaymentOutcome,
} from "../../../../mock-service/contract/frame";
import type { PayResult } from "../../api/frame-api";
import { useI18n } from "../../i18n/I18nContext";
import type { MessageKey } from "../../i18n/messages";
import { formatCardNumber, formatCvc, formatExpiry } from "../../utils/formatters";
import { type Problem, validate } from "../../utils/validation";
import { Field } from "../shared/Field";
import { announce } from "../shared/LiveRegion";
import { PayButton } from "../shared/PayButton";
import { BRAND_BADGE_ID, BrandBadge } from "./BrandBadge";
import { brandDisplay } from "./brand";
import { fieldOfDetail, toCardRequest } from "./card-request";
import { CARD_FIELDS, type CardField, type CardValues, cardRules, cvcLengthFor } from "./card-rules";
import { declineMessageKey } from "../shared/decline-message";

export interface CardFormProps {
  checkout: FrameCheckout;
  pay: (card: CardPaymentRequest) => Promise<PayResult>;
  /** The payment is over: approved, or declined with no attempts left. */
  onFinal: (outcome: PaymentOutcome) => void;
  /** The checkout turned out to be closed or gone: the app reloads it and shows why. */
  onClosed: () => void;
}

type Errors = Partial<Record<CardField, Problem>>;

const EMPTY: CardValues = { holder: "", number: "", expiry: "", cvc: "" };

const SERVICE_PROBLEMS: Record<CardField, MessageKey> = {
  holder: "holderRequired",
  number: "numberInvalid",
  expiry: "expiryInvalid",
  cvc: "cvcRequired",
};

export function CardForm({ checkout, pay, onFinal, onClosed }: CardFormProps) {
  const { t, amount } = useI18n();
  const values = useSignal<CardValues>(EMPTY);
  const errors = useSignal<Errors>({});
  const busy = useSignal(false);
  const alert = useSignal<string | undefined>(undefined);
  const inputs = useRef<Partial<Record<CardField, HTMLInputElement | null>>>({});
  // Set synchronously, before any re-render, so a double click cannot send a second payment.
  const paying = useRef(false);

  const text = (problem: Problem | undefined) => problem && t(problem.key, problem.params);

  const setError = (field: CardField, problem: Problem | null) => {
    const next = { ...errors.value };
    if (problem) next[field] = problem;
    else delete next[field];
    errors.value = next;
  };

  const change = (field: CardField) => (value: string) => {
    const next = { ...values.value, [field]: value };
    values.value = next;
    // While an error shows, re-check fully so it clears as soon as the value is right.
    setError(field, validate(cardRules[field], value, next, errors.value[field] ? "blur" : "input"));
    if (field === "number" && errors.value.cvc)
      setError("cvc", validate(cardRules.cvc, next.cvc, next, "blur"));
  };

  const leave = (field: CardField) => () => {
    const value = values.value[field];
    // Tabbing through an untouched empty field is not a mistake yet; submit will say so.
    if (!value && !errors.value[field]) return;
    const problem = validate(cardRules[field], value, values.value, "blur");
    setError(field, problem);
    if (problem) announce(t(problem.key, problem.params));
  };

  const focus = (field: CardField) => inputs.current[field]?.focus();

  const submit = async (event: Event) => {
    event.preventDefault();
    if (paying.current) return;
    const found: Errors = {};
    for (const field of CARD_FIELDS) {
      const problem = validate(cardRules[field], values.value[field], values.value, "blur");
      if (problem) found[field] = problem;
    }
    errors.value = found;
    const firstInvalid = CARD_FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      focus(firstInvalid);
      announce(t("fixErrors"));
      return;
    }

    paying.current = true;
    busy.value = true;
    alert.value = undefined;
    const result = await pay(toCardRequest(values.value));
    paying.current = false;
    busy.value = false;

    if (result.kind === "outcome") {
      const { outcome } = result;
      if (outcome.approved || outcome.state !== "PaymentReady") {
        values.value = EMPTY; // nothing of the card stays in memory once it is over
        onFinal(outcome);
        return;
      }
      alert.value = `${t(declineMessageKey(outcome.reason))} ${t("attemptsLeft", { n: outcome.attemptsLeft })}`;
      focus("number");
      return;
    }
    if (result.status === 404 || result.code === "checkout_closed") return onClosed();
    if (result.code === "invalid_card") {
      const fromService: Errors = {};
      for (const detail of result.details) {
        const field = fieldOfDetail(detail.path);
        if (field) fromService[field] = { key: SERVICE_PROBLEMS[field] };
      }
      errors.value = fromService;
      const first = CARD_FIELDS.find((field) => fromService[field]);
      if (first) focus(first);
      announce(t("fixErrors"));
      return;
    }
    alert.value = t(result.status === 429 ? "rateLimited" : "payFailed");
  };

  const v = values.value;
  const e = errors.value;
  const ref = (field: CardField) => (el: HTMLInputElement | null) => {
    inputs.current[field] = el;
  };

  return (
    <form class="card-form" noValidate onSubmit={submit} aria-labelledby="form-title">
      <h1 id="form-title" class="visually-hidden">
        {t("title")}
      </h1>
      {checkout.summary && <p class="summary">{checkout.summary}</p>}
      {alert.value && (
        <div class="alert" role="alert">
          {alert.value}
        </div>
      )}
      <Field
        id="holder"
        label={t("holder")}
        value={v.holder}
        error={text(e.holder)}
        autocomplete="cc-name"
        maxLength={100}
        inputRef={ref("holder")}
        onValue={change("holder")}
        onBlur={leave("holder")}
      />
      <Field
        id="number"
        label={t("number")}
        value={v.number}
        error={text(e.number)}
        describedBy={brandDisplay(v.number) ? BRAND_BADGE_ID : undefined}
        autocomplete="cc-number"
        numeric
        placeholder="1234 5678 9012 3456"
        format={formatCardNumber}
        inputRef={ref("number")}
        onValue={change("number")}
        onBlur={leave("number")}
      >
        <BrandBadge number={v.number} />
      </Field>
      <div class="field-row">
        <Field
          id="expiry"
          label={t("expiry")}
          hint={t("expiryHint")}
          value={v.expiry}
          error={text(e.expiry)}
          autocomplete="cc-exp"
          numeric
          placeholder={t("expiryHint")}
          format={formatExpiry}
          inputRef={ref("expiry")}
          onValue={change("expiry")}
          onBlur={leave("expiry")}
        />
        <Field
          id="cvc"
          label={t("cvc")}
          hint={t("cvcHint", { n: cvcLengthFor(v.number) })}
          value={v.cvc}
          error={text(e.cvc)}
          autocomplete="cc-csc"
          numeric
          maxLength={4}
          format={formatCvc}
          inputRef={ref("cvc")}
          onValue={change("cvc")}
          onBlur={leave("cvc")}
        />
      </div>
      {checkout.createRegistration && <p class="notice">{t("saveNotice")}</p>}
      <PayButton
        label={t("pay", { amount: amount(checkout.amount, checkout.currency) })}
        busyLabel={t("processing")}
        busy={busy.value}
      />
    </form>
  );
}
