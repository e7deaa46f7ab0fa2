import { useEffect } from "preact/hooks";
import { session } from "./api";
import { Layout } from "./components/Layout";
import { language, t } from "./i18n/i18n";
import { startLiveUpdates, stopLiveUpdates } from "./live";
import { Checkouts } from "./pages/Checkouts";
import { Customers } from "./pages/Customers";
import { Events } from "./pages/Events";
import { PaymentDetail } from "./pages/PaymentDetail";
import { Payments } from "./pages/Payments";
import { SignIn } from "./pages/SignIn";
import { Webhooks } from "./pages/Webhooks";
import { route } from "./router";

function Page({ path }: { path: string }) {
  const [, section, id] = path.split("/");
  if (section === "payments" && id) return <PaymentDetail id={id} />;
  if (section === "checkouts") return <Checkouts />;
  if (section === "customers") return <Customers />;
  if (section === "webhooks") return <Webhooks />;
  if (section === "events") return <Events />;
  return <Payments />;
}

export function App() {
  const signedIn = Boolean(session.value);
  const lang = language.value;
  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = t("appName");
  }, [lang]);
  useEffect(() => {
    if (signedIn) startLiveUpdates();
    else stopLiveUpdates();
  }, [signedIn]);

  if (session.value === undefined) return <p class="loading">{t("loading")}</p>;
  if (session.value === null) return <SignIn />;
  return (
    <Layout>
      <Page key={route.value} path={route.value} />
    </Layout>
  );
}
