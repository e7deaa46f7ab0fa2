import { type Language, LANGUAGES, language, setLanguage, t } from "../i18n/i18n";

export function LanguagePicker() {
  return (
    <label class="language">
      {t("language")}
      <select value={language.value} onChange={(e) => setLanguage(e.currentTarget.value as Language)}>
        {(Object.keys(LANGUAGES) as Language[]).map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
