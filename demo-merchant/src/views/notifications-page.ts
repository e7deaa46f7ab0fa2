import { formatDateTime } from "../format";
import { html } from "../html";
import type { NotificationRecord, RejectedPosts } from "../store/records";
import { layout } from "./layout";

function notificationRows(notifications: NotificationRecord[]) {
  return notifications.map(
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
}

/** The received posts as a table: the notifications applied, or the posts refused. */
function notificationTable(caption: string, notifications: NotificationRecord[]) {
  return html`<div class="table-scroll">
    <table>
      <caption class="visually-hidden">
        ${caption}
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
        ${notificationRows(notifications)}
      </tbody>
    </table>
  </div>`;
}

export function notificationsPage(
  notifications: NotificationRecord[],
  rejected: RejectedPosts,
  receivers: { webhook: string; callback: string },
): string {
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
          : notificationTable("Notifications received", notifications)
      }
      <h2>Refused posts</h2>
      ${
        rejected.count === 0
          ? html`<p class="empty">No unsigned or badly signed posts.</p>`
          : html`<p>
                ${String(rejected.count)} posts to the receivers were refused because they were not signed by
                the payment service; they change nothing. The latest ${String(rejected.recent.length)}:
              </p>
              ${notificationTable("Refused posts", rejected.recent)}`
      }`,
  });
}
