import { useState } from "preact/hooks";
import type { DashboardCheckout } from "../../contract";
import { EmptyPayments } from "../components/EmptyPayments";
import { Link } from "../components/Link";
import { LoadError } from "../components/LoadError";
import { methodNames } from "../components/methods";
import { StateBadge } from "../components/StateBadge";
import { formatMoney, formatTime } from "../format";
import { t } from "../i18n/i18n";
import { useResource } from "../use-resource";
import { Pager } from "../components/Pager";
import { TableScroll } from "../components/TableScroll";

export function Checkouts() {
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const { data, error } = useResource<{ items: DashboardCheckout[]; hasMore: boolean }>(
    `checkouts?limit=20${cursor ? `&startingAfter=${cursor}` : ""}`,
  );
  return (
    <>
      <h1>{t("checkoutsTitle")}</h1>
      {error && <LoadError error={error} />}
      {!data && !error && <p>{t("loading")}</p>}
      {data && data.items.length === 0 && !cursor && <EmptyPayments title={t("emptyCheckouts")} />}
      {data && data.items.length > 0 && (
        <TableScroll label={t("checkoutsTitle")}>
          <table class="list">
            <caption class="visually-hidden">{t("checkoutsTitle")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("colCheckout")}</th>
                <th scope="col">{t("colState")}</th>
                <th scope="col" class="num">
                  {t("colAmount")}
                </th>
                <th scope="col">{t("colMethods")}</th>
                <th scope="col" class="num">
                  {t("colAttempts")}
                </th>
                <th scope="col">{t("colCreated")}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((checkout) => (
                <tr key={checkout.id}>
                  <td>
                    <span class="mono">{checkout.id}</span>
                    {checkout.code && <span class="sub">{checkout.code}</span>}
                    <span class="sub">
                      <Link to={`/payments/${checkout.paymentId}`}>
                        {t("openPayment")} <span class="mono">{checkout.paymentId}</span>
                      </Link>
                    </span>
                  </td>
                  <td>
                    <StateBadge state={checkout.stateDetails.state} />
                  </td>
                  <td class="num">{formatMoney(checkout.amount, checkout.currency)}</td>
                  <td>{methodNames(checkout.paymentMethods)}</td>
                  <td class="num">{checkout.attempts}</td>
                  <td>{formatTime(`${checkout.createdAt.replace(" ", "T")}Z`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {data && (
        <Pager
          label={t("checkoutsTitle")}
          cursors={cursors}
          setCursors={setCursors}
          hasMore={data.hasMore}
          lastId={data.items.at(-1)?.id}
        />
      )}
    </>
  );
}
