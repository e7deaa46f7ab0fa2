import type { FrameCheckout } from "@contract/frame";
import { isFinalCheckoutState } from "@contract/checkout-states";
import { useSignal } from "../../utils/signals";
import { useEffect } from "preact/hooks";
import { useI18n } from "../../i18n/I18nContext";
import { useChunkMessages } from "../../i18n/use-chunk-messages";
import { Loading } from "../../shared/Loading";
import { outcomeOf } from "../../shared/checkout-outcome";
import type { MethodProps } from "../method";
import { MULTIBANCO_CATALOGS } from "./messages";
import { requestVoucher } from "./multibanco-api";
import { Voucher } from "./Voucher";
import { adoptStyles } from "../../shared/adopt-styles";
import styles from "./multibanco.css?inline";

adoptStyles(styles);

/**
 * Multibanco: a short explanation and a button that gets the checkout's reference; then the voucher,
 * kept while the shopper pays elsewhere. The checkout's event stream says when the bank network paid
 * it (or it expired), and the app then shows it and returns to the shop by itself.
 */
export function MultibancoMethod(props: MethodProps) {
  return useChunkMessages(MULTIBANCO_CATALOGS) ? <Multibanco {...props} /> : <Loading />;
}

function Multibanco({ checkout, client, onFinal, onClosed, onWaitingChange }: MethodProps) {
  const { t } = useI18n();
  const pending = useSignal<FrameCheckout | undefined>(checkout.multibanco ? checkout : undefined);
  const busy = useSignal(false);
  const alert = useSignal<string | undefined>(undefined);
  const voucher = pending.value?.multibanco;
  const hasVoucher = !!voucher;

  useEffect(() => {
    if (!hasVoucher) return;
    onWaitingChange(true);
    return client.watch({
      onChange: (current) => {
        if (isFinalCheckoutState(current.state)) onFinal(outcomeOf(current), current);
      },
      onLost: () => undefined,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one stream once the voucher exists
  }, [hasVoucher]);

  const getVoucher = async () => {
    if (busy.value) return;
    busy.value = true;
    alert.value = undefined;
    const result = await requestVoucher(client);
    busy.value = false;
    if (result.kind === "checkout") {
      pending.value = result.checkout;
      return;
    }
    if (result.status === 404 || result.code === "checkout_closed") return onClosed();
    alert.value = t(result.status === 429 ? "rateLimited" : "payFailed");
  };

  if (pending.value && voucher) {
    const current = pending.value;
    return <Voucher voucher={voucher} onContinue={() => onFinal(outcomeOf(current), current)} />;
  }
  return (
    <div class="multibanco">
      <h1 class="visually-hidden">{t("multibancoTitle")}</h1>
      {checkout.summary && <p class="summary">{checkout.summary}</p>}
      {alert.value && (
        <div class="alert" role="alert">
          {alert.value}
        </div>
      )}
      <p>{t("multibancoIntro")}</p>
      <button
        type="button"
        class={busy.value ? "pay pay--busy" : "pay"}
        disabled={busy.value}
        aria-busy={busy.value}
        onClick={() => void getVoucher()}
      >
        {busy.value && <span class="spinner" aria-hidden="true" />}
        {busy.value ? t("processing") : t("multibancoGet")}
      </button>
    </div>
  );
}
