import { render } from "preact";
import "./styles/frame.css";
import { App } from "./App";
import { checkoutClient } from "./api/frame-api";
import { readInitialData } from "./api/initial-data";
import { loadTranslator } from "./i18n/i18n";
import { receiveOptions } from "./options/merchant-options";
import { reportTo } from "./parent/parent-report";
import { connectParent, parentOriginFromHash, reportSize } from "./parent/parent-channel";
import { signal } from "./utils/signals";

// The page is served at /checkout-frame/<checkoutId>; the loader puts the parent's origin in the hash.
const checkoutId = decodeURIComponent(location.pathname.split("/").pop() ?? "");
// The merchant's page may cancel the redirect after a final state (a single-page app routes itself).
const pageStays = signal(false);
const channel = connectParent(
  parentOriginFromHash(location.hash),
  window,
  (options) => void receiveOptions(options),
  () => (pageStays.value = true),
);
reportTo(channel);
// The service embeds the checkout in the page, and its language's catalog: one render.
const initial = readInitialData(checkoutId);
const language = (initial?.kind === "checkout" && initial.checkout.language) || document.documentElement.lang;

const root = document.getElementById("app");
if (root) {
  void loadTranslator(language).then((translator) => {
    render(
      <App
        client={checkoutClient(checkoutId)}
        channel={channel}
        initialLanguage={document.documentElement.lang}
        initial={initial}
        translator={translator}
        pageStays={pageStays}
      />,
      root,
    );
    reportSize(channel);
  });
}
