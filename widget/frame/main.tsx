import { render } from "preact";
import "./styles/frame.css";
import { App } from "./App";
import { watchCheckout } from "./api/checkout-events";
import { cancelMbway, loadCheckout, payWithCard, startMbway } from "./api/frame-api";
import { connectParent, parentOriginFromHash, reportSize } from "./parent/parent-channel";

// The page is served at /checkout-frame/<checkoutId>; the loader puts the parent's origin in the hash.
const checkoutId = decodeURIComponent(location.pathname.split("/").pop() ?? "");
const channel = connectParent(parentOriginFromHash(location.hash));
reportSize(channel);

const root = document.getElementById("app");
if (root) {
  render(
    <App
      checkoutId={checkoutId}
      api={{ loadCheckout, payWithCard, startMbway, cancelMbway, watchCheckout }}
      channel={channel}
      initialLanguage={document.documentElement.lang}
    />,
    root,
  );
}
