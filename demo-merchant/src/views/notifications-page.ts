import { formatDateTime } from "../format";
import { html } from "../html";
import type { NotificationRecord } from "../store/records";
import { layout } from "./layout";

export function notificationsPage(
  notifications: NotificationRecord[],
  receivers: { webhook: string; callback: string },
): string {
  const rows = notifications.map(
    (n) =>
      html`<tr>
        <td>${formatDateTime(n.receivedAt)}</td>
        <td>${n.endpoint === "webhook" ? "Webhook" : "Callback URL"}</td>
        <td>${n.type ?? "—"}</td>
        <td>${n.resourceId ? html`<code>${n.resourceId}</code>` : "—"}</td>
        <td>${n.eventId ? html`<code>${n.eventId}</code>` : "—"}</td>
        <td>
          ${n.signatureValid ? html`<span class="badge badge-confirmed">Valid</span>` : html`<span class="badge badge-declined">Invalid</span>`}
        </td>
        <td>${n.problem ?? (n.duplicate ? "Already applied (same event)" : "Applied")}</td>
      </tr>`,
  );
  return layout({
    title: "Notifications",
    section: "notifications",
    body: html`<h1>Notifications</h1>
      <p class="lead">
        Every notification the payment service sent to this shop, newest first. Each one is checked against
        its <code>X-Signature</code> before it is believed.
      </p>
      <dl class="facts facts-inline">
        <div>
          <dt>Webhook receiver</dt>
          <dd><code>${receivers.webhook}</code></dd>
        </div>
        <div>
          <dt>Callback receiver</dt>
          <dd><code>${receivers.callback}</code></dd>
        </div>
      </dl>
      ${
        notifications.length === 0
          ? html`<p class="empty">No notifications received yet.</p>`
          : html`<div class="table-scroll">
              <table>
                <caption class="visually-hidden">
                  Notifications received
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Received</th>
                    <th scope="col">Endpoint</th>
                    <th scope="col">Event</th>
                    <th scope="col">Resource</th>
                    <th scope="col">Event id</th>
                    <th scope="col">Signature</th>
                    <th scope="col">Outcome</th>
                  </tr>
                </thead>
                <tbody>
                  ${rows}
                </tbody>
              </table>
            </div>`
      }`,
  });
}
