// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FrameCheckout } from "@contract/frame";
import type { CheckoutWatcher } from "../api/checkout-events";
import type { CheckoutClient } from "../api/frame-api";
import { runChallenge } from "./challenge-view";
import { openCheckout } from "../open-checkout.fixture";

const checkout = openCheckout({
  challenge: { url: "/sandbox/3ds/pay_AAAAAAAAAAAAAAAAAAAA", expiresAt: "2026-11-27T10:42:00.000+00:00" },
});

function setup(answer: unknown) {
  let watcher: CheckoutWatcher | undefined;
  const client: CheckoutClient = {
    load: vi.fn(),
    send: vi.fn(async () => answer) as CheckoutClient["send"],
    watch: vi.fn((w: CheckoutWatcher) => {
      watcher = w;
      return () => undefined;
    }),
  };
  const options = { onOutcome: vi.fn(), onFailure: vi.fn() };
  const container = document.createElement("div");
  document.body.append(container);
  const remove = runChallenge(container, {
    url: "/sandbox/3ds/pay_AAAAAAAAAAAAAAAAAAAA?lang=en",
    title: "Confirm with your bank",
    text: "Your bank asks you to confirm this payment.",
    client,
    ...options,
  });
  const frame = container.querySelector("iframe") as HTMLIFrameElement;
  const message = (data: unknown, source: unknown = frame.contentWindow) =>
    window.dispatchEvent(
      new MessageEvent("message", { data, origin: location.origin, source: source as Window }),
    );
  return { client, frame, message, remove, push: (c: FrameCheckout) => watcher?.onChange(c), ...options };
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("runChallenge", () => {
  it("shows a heading and the issuer's page titled Sandbox Bank", () => {
    const { frame, remove } = setup(undefined);
    expect(document.querySelector("h1")?.textContent).toBe("Confirm with your bank");
    expect(frame.title).toBe("Sandbox Bank");
    expect(frame.getAttribute("src")).toBe("/sandbox/3ds/pay_AAAAAAAAAAAAAAAAAAAA?lang=en");
    remove();
    expect(document.querySelector("iframe")).toBeNull();
  });

  it("relays the issuer page's answer to the service once and settles with its outcome", async () => {
    const outcome = { state: "Success", approved: true, attemptsLeft: 0 };
    const { client, message, onOutcome, push } = setup({ kind: "outcome", outcome });
    message({ type: "sandbox-3ds", result: "complete" });
    await vi.waitFor(() => expect(onOutcome.mock.calls[0]?.[0]).toEqual(outcome));
    const [path, , init] = vi.mocked(client.send).mock.calls[0] ?? [];
    expect(path).toBe("/challenge-result");
    expect(JSON.parse((init as { body: string }).body)).toEqual({ result: "complete" });
    push({ ...checkout, challenge: undefined, state: "Success" });
    expect(onOutcome).toHaveBeenCalledTimes(1);
  });

  it("ignores messages from anyone but the issuer's page, and unknown answers", () => {
    const { client, message } = setup(undefined);
    message({ type: "sandbox-3ds", result: "complete" }, window);
    message({ type: "sandbox-3ds", result: "maybe" });
    message({ type: "other", result: "complete" });
    expect(client.send).not.toHaveBeenCalled();
  });

  it("settles from the event stream when the challenge was answered elsewhere or timed out", () => {
    const { push, onOutcome } = setup(undefined);
    push(checkout); // still open
    expect(onOutcome).not.toHaveBeenCalled();
    const failed = {
      ...checkout,
      challenge: undefined,
      reason: "authentication_failed" as const,
      attemptsLeft: 2,
    };
    push(failed);
    expect(onOutcome).toHaveBeenCalledWith(
      expect.objectContaining({
        state: "PaymentReady",
        approved: false,
        reason: "authentication_failed",
        attemptsLeft: 2,
      }),
      failed,
    );
  });

  it("Escape does not dismiss it", () => {
    setup(undefined);
    const escape = new KeyboardEvent("keydown", { key: "Escape", cancelable: true, bubbles: true });
    document.body.dispatchEvent(escape);
    expect(escape.defaultPrevented).toBe(true);
    expect(document.querySelector("iframe")).not.toBeNull();
  });
});
