import type { ComponentChildren } from "preact";
import type { FrameCheckout } from "@contract/frame";
import { useI18n } from "../i18n/I18nContext";
import type { MessageKey } from "../i18n/messages";
import { PayButton } from "./PayButton";

export interface PaymentFormProps {
  /** The form's class; its heading's id is `titleId`. */
  class: string;
  titleId: string;
  title: MessageKey;
  checkout: FrameCheckout;
  alert?: string | undefined;
  /** Said when the checkout saves the payment method for later. */
  saveNotice: MessageKey;
  busy: boolean;
  onSubmit: (event: Event) => void;
  children: ComponentChildren;
}

/** A payment method's form: its (hidden) heading, the summary, an alert, the fields and pay button. */
export function PaymentForm(props: PaymentFormProps) {
  const { checkout, alert } = props;
  const { t, amount } = useI18n();
  return (
    <form class={props.class} noValidate onSubmit={props.onSubmit} aria-labelledby={props.titleId}>
      <h1 id={props.titleId} class="visually-hidden">
        {t(props.title)}
      </h1>
      {checkout.summary && <p class="summary">{checkout.summary}</p>}
      {alert && (
        <div class="alert" role="alert">
          {alert}
        </div>
      )}
      {props.children}
      {checkout.createRegistration && <p class="notice">{t(props.saveNotice)}</p>}
      <PayButton
        label={t("pay", { amount: amount(checkout.amount, checkout.currency) })}
        busyLabel={t("processing")}
        busy={props.busy}
      />
    </form>
  );
}
