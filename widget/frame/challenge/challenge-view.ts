import type { CheckoutClient, PayResult } from "../api/frame-api";
import type { FrameCheckout, PaymentOutcome } from "@contract/frame";
import styles from "./challenge.css?inline";

// This chunk imports nothing from the entry (see runChallenge): its stylesheet is added here.
if (typeof CSSStyleSheet !== "undefined" && "adoptedStyleSheets" in document) {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(styles);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

export type ChallengeAnswer = "complete" | "fail";

export interface ChallengeOptions {
  /** The issuer's page (same origin as the frame), with the frame's language. */
  url: string;
  title: string;
  text: string;
  client: CheckoutClient;
  /** The attempt's outcome: from the shopper's answer, or from the checkout when answered elsewhere. */
  onOutcome: (outcome: PaymentOutcome, checkout?: FrameCheckout) => void;
  /** The answer could not be sent (`closed`: the checkout is gone or closed). */
  onFailure: (closed: boolean) => void;
}

/**
 * The outcome a checkout shows once its challenge is no longer open (answered elsewhere, timed out):
 * shared/checkout-outcome's `outcomeOf`, written again because this chunk imports nothing from the entry.
 */
export function outcomeAfterChallenge(checkout: FrameCheckout): PaymentOutcome {
  return {
    state: checkout.state,
    approved: checkout.state === "Success",
    reason: checkout.reason,
    attemptsLeft: checkout.attemptsLeft,
    redirectUrl: checkout.redirectUrl,
  };
}

/**
 * The 3-D Secure challenge screen: a heading, a line, and the issuer's page in a nested iframe that
 * takes the focus. The attempt is settled once: by the shopper's answer there (relayed to the service),
 * or by the checkout's event stream when the sandbox API answered or the challenge timed out.
 * Plain DOM importing nothing from the frame's entry, so that its chunk loads only when a card asks
 * for a challenge, even on a page that carried the entry inline. Escape does nothing here: only the
 * issuer's page ends the challenge. Returns the way to remove it.
 */
export function runChallenge(container: HTMLElement, options: ChallengeOptions): () => void {
  const { client } = options;
  let settled = false;
  const settle = (outcome: PaymentOutcome, checkout?: FrameCheckout) => {
    if (settled) return;
    settled = true;
    options.onOutcome(outcome, checkout);
  };

  const section = document.createElement("section");
  section.className = "challenge";
  section.setAttribute("aria-labelledby", "challenge-title");
  const heading = document.createElement("h1");
  heading.id = "challenge-title";
  heading.tabIndex = -1;
  heading.textContent = options.title;
  const text = document.createElement("p");
  text.textContent = options.text;
  const frame = document.createElement("iframe");
  frame.className = "challenge-frame";
  frame.title = "Sandbox Bank";
  frame.src = options.url;
  section.append(heading, text, frame);
  container.append(section);

  // Focus moves into the challenge: onto the issuer's first button once its page is there.
  frame.addEventListener("load", () => {
    frame.focus();
    frame.contentDocument?.querySelector<HTMLElement>("button")?.focus();
  });

  const answer = async (result: ChallengeAnswer) => {
    const sent: PayResult = await client.send(
      "/challenge-result",
      (outcome: PaymentOutcome) => ({ kind: "outcome" as const, outcome }),
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ result }) },
    );
    if (sent.kind === "outcome") return settle(sent.outcome);
    // no_challenge: answered meanwhile (the sandbox API, or timed out); the stream says how.
    if (sent.code === "no_challenge" || settled) return;
    options.onFailure(sent.status === 404 || sent.code === "checkout_closed");
  };

  const onMessage = (event: MessageEvent) => {
    if (event.origin !== location.origin || event.source !== frame.contentWindow) return;
    const data = event.data as { type?: unknown; result?: unknown } | null;
    if (data?.type !== "sandbox-3ds") return;
    if (data.result === "complete" || data.result === "fail") void answer(data.result);
  };
  // A screen that Escape must not dismiss.
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "Escape") event.preventDefault();
  };
  window.addEventListener("message", onMessage);
  document.addEventListener("keydown", onKey, true);
  const stopWatching = client.watch({
    onChange: (checkout) => {
      if (!checkout.challenge) settle(outcomeAfterChallenge(checkout), checkout);
    },
    onLost: () => undefined,
  });
  return () => {
    stopWatching();
    window.removeEventListener("message", onMessage);
    document.removeEventListener("keydown", onKey, true);
    section.remove();
  };
}
