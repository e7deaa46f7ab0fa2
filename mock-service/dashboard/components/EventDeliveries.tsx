import type { DashboardEvent } from "../../contract";
import { formatTime } from "../format";
import { t } from "../i18n/i18n";
import { StateBadge } from "./StateBadge";
import { TableScroll } from "./TableScroll";

type Delivery = DashboardEvent["deliveries"][number];

/** Every delivery of an event, each with every attempt: when, status code, duration, error, next retry. */
export function EventDeliveries({ event }: { event: DashboardEvent }) {
  if (event.deliveries.length === 0) return <p class="hint">{t("noDeliveries")}</p>;
  return (
    <ul class="deliveries">
      {event.deliveries.map((delivery) => (
        <DeliveryItem key={delivery.id} delivery={delivery} />
      ))}
    </ul>
  );
}

function DeliveryItem({ delivery }: { delivery: Delivery }) {
  return (
    <li class="delivery">
      <p class="delivery-head">
        <span>{t(delivery.target === "callback" ? "targetCallback" : "targetWebhook")}</span>{" "}
        <StateBadge state={delivery.state} /> <span class="url">{delivery.url}</span>
      </p>
      {delivery.attempts.length === 0 ? (
        <p class="hint">{t("noAttempts")}</p>
      ) : (
        <TableScroll label={`${t("deliveries")}: ${delivery.url}`}>
          <table>
            <caption class="visually-hidden">{t("deliveries")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("colAttemptAt")}</th>
                <th scope="col">{t("colStatusCode")}</th>
                <th scope="col">{t("colDuration")}</th>
                <th scope="col">{t("colError")}</th>
              </tr>
            </thead>
            <tbody>
              {delivery.attempts.map((attempt, index) => (
                <tr key={index}>
                  <td>{formatTime(attempt.at)}</td>
                  <td>{attempt.statusCode ?? "—"}</td>
                  <td>{t("durationMs", { ms: attempt.durationMs })}</td>
                  <td>{attempt.error ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {delivery.nextAttemptAt && (
        <p class="hint">{t("nextRetry", { time: formatTime(delivery.nextAttemptAt) })}</p>
      )}
    </li>
  );
}
