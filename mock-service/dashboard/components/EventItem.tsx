import { useState } from "preact/hooks";
import type { DashboardEvent } from "../../contract";
import { callApi, DashboardApiError } from "../api";
import { formatTime } from "../format";
import { t } from "../i18n/i18n";
import { EventDeliveries } from "./EventDeliveries";
import { Notice } from "./Notice";

/** One event: its type and time, its payload as formatted JSON, its deliveries, and Redeliver. */
export function EventItem({ event, open }: { event: DashboardEvent; open?: boolean }) {
  const [notice, setNotice] = useState<{ text: string; error: boolean } | undefined>(undefined);
  const redeliver = async () => {
    try {
      await callApi("POST", `events/${event.id}/redeliver`);
      setNotice({ text: t("redelivered", { id: event.id }), error: false });
    } catch (err) {
      const message = err instanceof DashboardApiError ? err.message : String(err);
      setNotice({ text: t("actionFailed", { action: t("redeliver"), message }), error: true });
    }
  };
  const payload = { id: event.id, type: event.type, createdAt: event.createdAt, data: event.data };
  return (
    <details class="event" open={open}>
      <summary>
        <span class="event-type">{event.type}</span> <span class="hint">{formatTime(event.createdAt)}</span>{" "}
        <span class="mono hint">{event.id}</span>
      </summary>
      <div class="event-body">
        <h4>{t("deliveries")}</h4>
        <EventDeliveries event={event} />
        {event.deliveries.length > 0 && (
          <p>
            <button type="button" onClick={() => void redeliver()} aria-describedby={`evt-${event.id}`}>
              {t("redeliver")}
            </button>
            <span id={`evt-${event.id}`} class="visually-hidden">
              {event.type} {event.id}
            </span>
          </p>
        )}
        <Notice message={notice?.text} error={notice?.error} />
        <h4>{t("payload")}</h4>
        <pre class="code" tabIndex={0}>
          <code>{JSON.stringify(payload, null, 2)}</code>
        </pre>
      </div>
    </details>
  );
}
