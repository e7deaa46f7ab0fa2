import { useState } from "preact/hooks";
import {
  DASHBOARD_METHODS,
  type DashboardPaymentRow,
  PAYMENT_STATES,
  type PaymentState,
} from "../../contract";
import { EmptyPayments } from "../components/EmptyPayments";
import { Link } from "../components/Link";
import { LoadError } from "../components/LoadError";
import { methodName, methodNames } from "../components/methods";
import { StateBadge } from "../components/StateBadge";
import { formatMoney, formatTime } from "../format";
import type { MessageKey } from "../i18n/en";
import { t } from "../i18n/i18n";
import { useResource } from "../use-resource";
import { Pager } from "../components/Pager";
import { TableScroll } from "../components/TableScroll";

const STATE_LABELS: Record<PaymentState, MessageKey> = {
  pending: "statePending",
  awaiting_authentication: "stateAwaitingAuthentication",
  confirmed: "stateConfirmed",
  declined: "stateDeclined",
  expired: "stateExpired",
};

interface Filters {
  state: string;
  method: string;
  q: string;
}
const NO_FILTERS: Filters = { state: "", method: "", q: "" };
const PAGE_SIZE = 20;

export function Payments() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  /** Cursors of the pages before this one; the last is this page's. */
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (filters.state) query.set("state", filters.state);
  if (filters.method) query.set("method", filters.method);
  if (filters.q) query.set("q", filters.q);
  if (cursor) query.set("startingAfter", cursor);
  const { data, error } = useResource<{ items: DashboardPaymentRow[]; hasMore: boolean }>(
    `payments?${query}`,
  );
  const filtered = filters.state !== "" || filters.method !== "" || filters.q !== "";

  const apply = (event: Event) => {
    event.preventDefault();
    setFilters({ ...draft, q: draft.q.trim() });
    setCursors([]);
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
    setCursors([]);
  };

  return (
    <>
      <h1>{t("paymentsTitle")}</h1>
      <form class="filters" onSubmit={apply} aria-label={t("filters")}>
        <label>
          {t("state")}
          <select value={draft.state} onChange={(e) => setDraft({ ...draft, state: e.currentTarget.value })}>
            <option value="">{t("any")}</option>
            {PAYMENT_STATES.map((state) => (
              <option key={state} value={state}>
                {t(STATE_LABELS[state])}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("method")}
          <select
            value={draft.method}
            onChange={(e) => setDraft({ ...draft, method: e.currentTarget.value })}
          >
            <option value="">{t("any")}</option>
            {DASHBOARD_METHODS.map((method) => (
              <option key={method} value={method}>
                {methodName(method)}
              </option>
            ))}
          </select>
        </label>
        <label class="grow">
          {t("search")}
          <input
            type="search"
            value={draft.q}
            maxLength={64}
            aria-describedby="search-hint"
            onInput={(e) => setDraft({ ...draft, q: e.currentTarget.value })}
          />
          <span id="search-hint" class="hint">
            {t("searchHint")}
          </span>
        </label>
        <div class="filter-buttons">
          <button type="submit">{t("apply")}</button>
          {filtered && (
            <button type="button" class="secondary" onClick={clear}>
              {t("clearFilters")}
            </button>
          )}
        </div>
      </form>

      {error && <LoadError error={error} />}
      {!data && !error && <p>{t("loading")}</p>}
      {data && data.items.length === 0 && !cursor && (filtered ? <p>{t("noMatches")}</p> : <EmptyPayments />)}
      {data && data.items.length > 0 && (
        <TableScroll label={t("paymentsTitle")}>
          <table class="list">
            <caption class="visually-hidden">{t("paymentsTitle")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("colPayment")}</th>
                <th scope="col">{t("colMethod")}</th>
                <th scope="col" class="num">
                  {t("colAmount")}
                </th>
                <th scope="col">{t("colState")}</th>
                <th scope="col">{t("colCreated")}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((payment) => (
                <tr key={payment.id}>
                  <td>
                    <Link to={`/payments/${payment.id}`}>
                      <span class="mono">{payment.id}</span>
                    </Link>
                    {payment.code && <span class="sub">{payment.code}</span>}
                  </td>
                  <td>{methodNames(payment.methods)}</td>
                  <td class="num">{formatMoney(payment.amount, payment.currency)}</td>
                  <td>
                    <StateBadge state={payment.state} />
                  </td>
                  <td>{formatTime(payment.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {data && (
        <Pager
          label={t("paymentsTitle")}
          cursors={cursors}
          setCursors={setCursors}
          hasMore={data.hasMore}
          lastId={data.items.at(-1)?.id}
        />
      )}
    </>
  );
}
