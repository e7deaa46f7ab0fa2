import { useState } from "preact/hooks";
import type { DashboardPaymentDetail, PaymentAction } from "../../contract";
import { callApi, DashboardApiError } from "../api";
import { EventItem } from "../components/EventItem";
import { Link } from "../components/Link";
import { LoadError } from "../components/LoadError";
import { methodNames } from "../components/methods";
import { Notice } from "../components/Notice";
import { StateBadge } from "../components/StateBadge";
import { Timeline } from "../components/Timeline";
import { formatMoney, formatTime } from "../format";
import type { MessageKey } from "../i18n/en";
import { t } from "../i18n/i18n";
import { useResource } from "../use-resource";

/** The label of each payment action; one per name in the contract's PAYMENT_ACTIONS. */
const ACTION_LABELS: Record<PaymentAction, MessageKey> = {
  simulateMultibanco: "actionSimulateMultibanco",
  expireReference: "actionExpireReference",
  approveMbway: "actionApproveMbway",
  declineMbway: "actionDeclineMbway",
  completeChallenge: "actionCompleteChallenge",
  failChallenge: "actionFailChallenge",
  refund: "actionRefund",
};

function groupedReference(reference: string): string {
  return reference.replace(/(\d{3})(?=\d)/g, "$1 ");
}

export function PaymentDetail({ id }: { id: string }) {
  const { data, error, reload } = useResource<DashboardPaymentDetail>(`payments/${id}`);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const run = async (action: PaymentAction) => {
    const label = t(ACTION_LABELS[action]);
    setBusy(true);
    try {
      await callApi("POST", `payments/${id}/actions/${action}`);
      setNotice({ text: t("actionDone", { action: label }), error: false });
    } catch (err) {
      const message = err instanceof DashboardApiError ? err.message : String(err);
      setNotice({ text: t("actionFailed", { action: label.toLowerCase(), message }), error: true });
    } finally {
      setBusy(false);
      reload();
    }
  };

  return (
    <>
      <p class="back">
        <Link to="/payments">← {t("backToPayments")}</Link>
      </p>
      <h1>
        {t("paymentTitle", { id: "" })}
        <span class="mono">{id}</span>
      </h1>
      {error && <LoadError error={error} />}
      {!data && !error && <p>{t("loading")}</p>}
      {data && (
        <>
          <dl class="facts">
            <div>
              <dt>{t("colState")}</dt>
              <dd>
                <StateBadge state={data.payment.stateDetails.state} />
              </dd>
            </div>
            <div>
              <dt>{t("amount")}</dt>
              <dd>{formatMoney(data.payment.amount, data.payment.currency)}</dd>
            </div>
            <div>
              <dt>{t("colMethod")}</dt>
              <dd>{methodNames(data.methods)}</dd>
            </div>
            <div>
              <dt>{t("created")}</dt>
              <dd>{formatTime(data.payment.createdAt)}</dd>
            </div>
            {data.payment.referenceDetails && (
              <>
                <div>
                  <dt>{t("entity")}</dt>
                  <dd class="mono">{data.payment.referenceDetails.entity}</dd>
                </div>
                <div>
                  <dt>{t("reference")}</dt>
                  <dd class="mono">{groupedReference(data.payment.referenceDetails.reference)}</dd>
                </div>
              </>
            )}
            {data.payment.validDate && (
              <div>
                <dt>{t("validUntil")}</dt>
                <dd>{formatTime(data.payment.validDate.end)}</dd>
              </div>
            )}
            {data.checkout && (
              <>
                <div>
                  <dt>{t("checkout")}</dt>
                  <dd class="mono">{data.checkout.id}</dd>
                </div>
                {data.checkout.code && (
                  <div>
                    <dt>{t("code")}</dt>
                    <dd>{data.checkout.code}</dd>
                  </div>
                )}
                {data.checkout.summary && (
                  <div>
                    <dt>{t("summary")}</dt>
                    <dd>{data.checkout.summary}</dd>
                  </div>
                )}
                <div>
                  <dt>{t("attempts")}</dt>
                  <dd>{data.checkout.attempts}</dd>
                </div>
                {data.checkout.stateDetails.reason && (
                  <div>
                    <dt>{t("lastReason")}</dt>
                    <dd class="mono">{data.checkout.stateDetails.reason}</dd>
                  </div>
                )}
              </>
            )}
          </dl>

          <section aria-labelledby="actions-title">
            <h2 id="actions-title">{t("actions")}</h2>
            {data.actions.length === 0 ? (
              <p class="hint">{t("noActions")}</p>
            ) : (
              <p class="actions">
                {data.actions.map((action) => (
                  <button key={action} type="button" disabled={busy} onClick={() => void run(action)}>
                    {t(ACTION_LABELS[action])}
                  </button>
                ))}
              </p>
            )}
            <Notice message={notice?.text} error={notice?.error} />
          </section>

          <section aria-labelledby="timeline-title">
            <h2 id="timeline-title">{t("timeline")}</h2>
            <Timeline entries={data.timeline} />
          </section>

          <section aria-labelledby="notifications-title">
            <h2 id="notifications-title">{t("notifications")}</h2>
            {data.events.length === 0 ? (
              <p class="hint">{t("noNotifications")}</p>
            ) : (
              data.events.map((event) => <EventItem key={event.id} event={event} open />)
            )}
          </section>
        </>
      )}
    </>
  );
}
