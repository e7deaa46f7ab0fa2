import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";
import { session, signOut } from "../api";
import type { MessageKey } from "../i18n/en";
import { t } from "../i18n/i18n";
import { connected } from "../live";
import { route } from "../router";
import { LanguagePicker } from "./LanguagePicker";
import { Link } from "./Link";

const SECTIONS: { path: string; label: MessageKey }[] = [
  { path: "/payments", label: "navPayments" },
  { path: "/checkouts", label: "navCheckouts" },
  { path: "/customers", label: "navCustomers" },
  { path: "/webhooks", label: "navWebhooks" },
  { path: "/events", label: "navEvents" },
];

export function Layout({ children }: { children: ComponentChildren }) {
  const path = route.value;
  const section = `/${path.split("/")[1] ?? ""}`;
  const first = useRef(true);
  // After an in-app navigation, focus moves to the new page (as a page load would put it at the top).
  useEffect(() => {
    if (first.current) first.current = false;
    else document.getElementById("main")?.focus();
  }, [path]);
  return (
    <>
      <a class="skip" href="#main">
        {t("skipToContent")}
      </a>
      <header class="top">
        <p class="brand">
          {t("appName")} <span class="test-mode">{t("testMode")}</span>
        </p>
        <div class="top-tools">
          <span class="hint">{t("signedInAs", { name: session.value?.merchant.name ?? "" })}</span>
          <LanguagePicker />
          <button type="button" class="secondary" onClick={() => void signOut()}>
            {t("signOut")}
          </button>
        </div>
        <nav aria-label={t("mainNav")}>
          <ul>
            {SECTIONS.map((s) => (
              <li key={s.path}>
                <Link to={s.path} current={section === s.path}>
                  {t(s.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        <p class={connected.value ? "live live-on" : "live live-off"}>
          {t(connected.value ? "liveOn" : "liveOff")}
        </p>
        {children}
      </main>
    </>
  );
}
