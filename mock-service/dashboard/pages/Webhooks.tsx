import { useState } from "preact/hooks";
import type { Webhook } from "../../contract";
import { callApi, DashboardApiError } from "../api";
import { LoadError } from "../components/LoadError";
import { Notice } from "../components/Notice";
import { formatTime } from "../format";
import { t } from "../i18n/i18n";
import { useResource } from "../use-resource";
import { TableScroll } from "../components/TableScroll";

function messageOf(err: unknown): string {
  return err instanceof DashboardApiError ? err.message : String(err);
}

export function Webhooks() {
  const { data, error, reload } = useResource<Webhook[]>("webhooks");
  const [url, setUrl] = useState("");
  const [urlError, setUrlError] = useState<string | undefined>(undefined);
  const [secret, setSecret] = useState<{ url: string; secret: string } | undefined>(undefined);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | undefined>(undefined);

  const add = async (event: Event) => {
    event.preventDefault();
    try {
      const created = await callApi<Webhook & { secret: string }>("POST", "webhooks", { url: url.trim() });
      setSecret({ url: created.url, secret: created.secret });
      setUrl("");
      setUrlError(undefined);
      reload();
    } catch (err) {
      setUrlError(messageOf(err));
    }
  };
  const sendTest = async (hook: Webhook) => {
    try {
      const sent = await callApi<{ id: string }>("POST", `webhooks/${hook.id}/test`);
      setNotice({ text: t("testSent", { id: sent.id }), error: false });
    } catch (err) {
      setNotice({ text: t("errorGeneric", { message: messageOf(err) }), error: true });
    }
  };
  const remove = async (hook: Webhook) => {
    try {
      await callApi("DELETE", `webhooks/${hook.id}`);
      setNotice({ text: t("webhookDeleted"), error: false });
    } catch (err) {
      setNotice({ text: t("errorGeneric", { message: messageOf(err) }), error: true });
    }
    reload();
  };

  return (
    <>
      <h1>{t("webhooksTitle")}</h1>
      <form class="add-form" onSubmit={(e) => void add(e)} noValidate>
        <h2>{t("addWebhook")}</h2>
        <label for="webhook-url">{t("endpointUrl")}</label>
        <div class="row">
          <input
            id="webhook-url"
            type="url"
            value={url}
            placeholder="https://example.com/webhooks"
            aria-invalid={urlError ? "true" : undefined}
            aria-describedby={urlError ? "webhook-url-error" : undefined}
            onInput={(e) => setUrl(e.currentTarget.value)}
          />
          <button type="submit">{t("add")}</button>
        </div>
        {urlError && (
          <p id="webhook-url-error" class="field-error" role="alert">
            {urlError}
          </p>
        )}
      </form>
      {secret && (
        <section class="secret" aria-labelledby="secret-title">
          <h2 id="secret-title">{t("webhookSecretTitle")}</h2>
          <p class="url">{secret.url}</p>
          <pre class="code" tabIndex={0}>
            <code>{secret.secret}</code>
          </pre>
          <p>{t("webhookSecretNote")}</p>
        </section>
      )}
      <Notice message={notice?.text} error={notice?.error} />
      {error && <LoadError error={error} />}
      {!data && !error && <p>{t("loading")}</p>}
      {data && data.length === 0 && <p>{t("emptyWebhooks")}</p>}
      {data && data.length > 0 && (
        <TableScroll label={t("webhooksTitle")}>
          <table class="list">
            <caption class="visually-hidden">{t("webhooksTitle")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("colUrl")}</th>
                <th scope="col">{t("colEvents")}</th>
                <th scope="col">{t("colCreated")}</th>
                <th scope="col">{t("actions")}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((hook) => (
                <tr key={hook.id}>
                  <td>
                    <span class="url">{hook.url}</span>
                    <span class="sub mono">{hook.id}</span>
                  </td>
                  <td>{hook.events.join(", ")}</td>
                  <td>{formatTime(hook.createdAt)}</td>
                  <td class="row-actions">
                    <button
                      type="button"
                      aria-label={`${t("sendTest")}: ${hook.url}`}
                      onClick={() => void sendTest(hook)}
                    >
                      {t("sendTest")}
                    </button>
                    <button
                      type="button"
                      class="secondary"
                      aria-label={`${t("deleteWebhook")}: ${hook.url}`}
                      onClick={() => void remove(hook)}
                    >
                      {t("deleteWebhook")}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
