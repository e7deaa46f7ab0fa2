import { useRef, useState } from "preact/hooks";
import { DashboardApiError, signIn } from "../api";
import { LanguagePicker } from "../components/LanguagePicker";
import { t } from "../i18n/i18n";

/** Sign-in with an API key: posted in the body (never in the URL); the answer sets an HttpOnly cookie. */
export function SignIn() {
  const [apiKey, setApiKey] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    try {
      await signIn(apiKey.trim());
    } catch (err) {
      const status = err instanceof DashboardApiError ? err.status : 0;
      setError(
        status === 429
          ? t("signInTooMany")
          : status === 401 || status === 400
            ? t("signInWrongKey")
            : t("errorGeneric", { message: String(err) }),
      );
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="main" class="sign-in">
      <div class="sign-in-top">
        <p class="brand">
          {t("appName")} <span class="test-mode">{t("testMode")}</span>
        </p>
        <LanguagePicker />
      </div>
      <h1>{t("signInTitle")}</h1>
      <p>{t("signInIntro")}</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label for="api-key">{t("apiKey")}</label>
        <input
          ref={input}
          id="api-key"
          name="apiKey"
          type="password"
          autocomplete="off"
          spellcheck={false}
          required
          value={apiKey}
          aria-invalid={error ? "true" : undefined}
          aria-describedby={error ? "sign-in-error" : undefined}
          onInput={(e) => setApiKey(e.currentTarget.value)}
        />
        {error && (
          <p id="sign-in-error" class="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {t("signIn")}
        </button>
      </form>
    </main>
  );
}
