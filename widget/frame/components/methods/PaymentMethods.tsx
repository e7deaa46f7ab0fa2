import { useSignal } from "@preact/signals";
import type {
  CardPaymentRequest,
  FrameCheckout,
  PaymentOutcome,
} from "../../../../mock-service/contract/frame";
import type { PaymentMethodCode } from "../../../../mock-service/contract/checkouts";
import type { PayResult } from "../../api/frame-api";
import { useI18n } from "../../i18n/I18nContext";
import type { MessageKey } from "../../i18n/messages";
import { CardForm } from "../card/CardForm";
import type { MbwayApi } from "../mbway/mbway-api";
import { MbwayPayment } from "../mbway/MbwayPayment";
import { Tabs } from "../shared/Tabs";

export interface PaymentMethodsProps {
  checkout: FrameCheckout;
  payWithCard: (card: CardPaymentRequest) => Promise<PayResult>;
  mbway: MbwayApi;
  onFinal: (outcome: PaymentOutcome) => void;
  onClosed: () => void;
}

const LABELS: Partial<Record<PaymentMethodCode, MessageKey>> = { CC: "methodCard", MW: "methodMbway" };

/** The methods this frame can take, in the merchant's order. */
export function offeredMethods(checkout: FrameCheckout): PaymentMethodCode[] {
  return checkout.paymentMethods.filter((code) => code in LABELS);
}

/** The checkout's methods as tabs (one method: its form alone), and the chosen method's form. */
export function PaymentMethods({ checkout, payWithCard, mbway, onFinal, onClosed }: PaymentMethodsProps) {
  const { t } = useI18n();
  const methods = offeredMethods(checkout);
  // A request already waiting (the frame was reloaded) opens MB WAY on its await screen.
  const waiting = !!checkout.mbway?.expiresAt && methods.includes("MW");
  const selected = useSignal<PaymentMethodCode | undefined>(waiting ? "MW" : methods[0]);
  const locked = useSignal(waiting);

  return (
    <Tabs
      label={t("methods")}
      items={methods.map((code) => ({ id: code, label: t(LABELS[code] ?? "methodCard") }))}
      selected={selected.value ?? ""}
      onSelect={(id) => (selected.value = id as PaymentMethodCode)}
      locked={locked.value}
    >
      {selected.value === "CC" ? (
        <CardForm checkout={checkout} pay={payWithCard} onFinal={onFinal} onClosed={onClosed} />
      ) : (
        <MbwayPayment
          checkout={checkout}
          api={mbway}
          onFinal={onFinal}
          onClosed={onClosed}
          onWaitingChange={(waiting) => (locked.value = waiting)}
        />
      )}
    </Tabs>
  );
}
