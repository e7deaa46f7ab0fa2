import { session } from "../api";
import { t } from "../i18n/i18n";

/** What to do when there is nothing to show yet: create a checkout, or make one in the demo shop. */
export function EmptyPayments({ title = t("emptyPaymentsTitle") }: { title?: string }) {
  const serviceUrl = session.value?.serviceUrl ?? location.origin;
  const demoShopUrl = session.value?.demoShopUrl;
  const curl = [
    `curl -X POST ${serviceUrl}/checkouts \\`,
    `  -H "Authorization: Bearer YOUR_API_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"payment": {"amount": 1250, "code": "ORDER-1"}}'`,
  ].join("\n");
  return (
    <section class="empty" aria-labelledby="empty-title">
      <h2 id="empty-title">{title}</h2>
      <p>{t("emptyPaymentsText")}</p>
      <pre class="code" tabIndex={0}>
        <code>{curl}</code>
      </pre>
      <p class="hint">{t("emptyCurlNote")}</p>
      {demoShopUrl && (
        <p>
          <a href={demoShopUrl}>{t("emptyDemoShop")}</a>
        </p>
      )}
    </section>
  );
}
