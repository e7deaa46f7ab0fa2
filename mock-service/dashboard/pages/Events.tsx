import { useState } from "preact/hooks";
import { type DashboardEvent, LOGGED_EVENT_TYPES } from "../../contract";
import { EventItem } from "../components/EventItem";
import { LoadError } from "../components/LoadError";
import { t } from "../i18n/i18n";
import { useResource } from "../use-resource";

export function Events() {
  const [type, setType] = useState("");
  const { data, error } = useResource<DashboardEvent[]>(`events?limit=50${type ? `&type=${type}` : ""}`);
  return (
    <>
      <h1>{t("eventsTitle")}</h1>
      <form class="filters" onSubmit={(e) => e.preventDefault()} aria-label={t("filters")}>
        <label>
          {t("type")}
          <select value={type} onChange={(e) => setType(e.currentTarget.value)}>
            <option value="">{t("any")}</option>
            {LOGGED_EVENT_TYPES.map((eventType) => (
              <option key={eventType} value={eventType}>
                {eventType}
              </option>
            ))}
          </select>
        </label>
      </form>
      {error && <LoadError error={error} />}
      {!data && !error && <p>{t("loading")}</p>}
      {data && data.length === 0 && <p>{t("emptyEvents")}</p>}
      {data && data.map((event) => <EventItem key={event.id} event={event} />)}
    </>
  );
}
