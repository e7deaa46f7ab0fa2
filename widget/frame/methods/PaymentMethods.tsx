import type { PaymentMethodCode } from "@contract/checkouts";
import type { FrameCheckout } from "@contract/frame";
import { useSignal } from "../utils/signals";
import { useEffect } from "preact/hooks";
import type { CheckoutClient } from "../api/frame-api";
import { useI18n } from "../i18n/I18nContext";
import { Loading } from "../shared/Loading";
import { StatusScreen } from "../shared/StatusScreen";
import { Tabs } from "../shared/Tabs";
import type { MethodComponent, MethodProps, PaymentMethod } from "./method";
import { offeredMethods } from "./registry";

export interface PaymentMethodsProps {
  checkout: FrameCheckout;
  client: CheckoutClient;
  onFinal: MethodProps["onFinal"];
  onClosed: () => void;
  /** True while the payment waits outside the form: the app then leaves the following to the method. */
  onWaitingChange?: (waiting: boolean) => void;
}

/** The checkout's methods as tabs (one method: its form alone), and the chosen method's form. */
export function PaymentMethods({
  checkout,
  client,
  onFinal,
  onClosed,
  onWaitingChange,
}: PaymentMethodsProps) {
  const { t } = useI18n();
  const methods = offeredMethods(checkout);
  // A payment already waiting (the frame was reloaded) opens its method, locked.
  const resumed = methods.find((method) => method.resumes?.(checkout));
  const selected = useSignal<PaymentMethodCode | undefined>((resumed ?? methods[0])?.code);
  const locked = useSignal(!!resumed);
  const method = methods.find((candidate) => candidate.code === selected.value);

  useEffect(() => {
    // Every offered method's chunk starts loading now, so that a tab opens at once.
    for (const offered of methods) void offered.load?.().catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the tabs first show
  }, []);

  return (
    <Tabs
      label={t("methods")}
      items={methods.map(({ code, labelKey }) => ({ id: code, label: t(labelKey) }))}
      selected={selected.value ?? ""}
      onSelect={(id) => (selected.value = id as PaymentMethodCode)}
      locked={locked.value}
    >
      {method && (
        <MethodForm
          key={method.code}
          method={method}
          checkout={checkout}
          client={client}
          onFinal={onFinal}
          onClosed={onClosed}
          onWaitingChange={(waiting) => {
            locked.value = waiting;
            onWaitingChange?.(waiting);
          }}
        />
      )}
    </Tabs>
  );
}

type MethodFormProps = MethodProps & { method: PaymentMethod };

type Loading = { kind: "loading" } | { kind: "failed" } | { kind: "loaded"; Component: MethodComponent };

/** The method's form: at once when it is in the entry, else once its chunk has arrived. */
function MethodForm({ method, ...props }: MethodFormProps) {
  const { t } = useI18n();
  const loading = useSignal<Loading>(
    method.Component ? { kind: "loaded", Component: method.Component } : { kind: "loading" },
  );
  useEffect(() => {
    let current = true;
    method.load?.().then(
      (Component) => current && (loading.value = { kind: "loaded", Component }),
      () => current && (loading.value = { kind: "failed" }),
    );
    return () => {
      current = false;
    };
  }, [method, loading]);

  const state = loading.value;
  if (state.kind === "failed") return <StatusScreen tone="error" title={t("loadFailed")} />;
  if (state.kind === "loading") return <Loading />;
  return <state.Component {...props} />;
}
