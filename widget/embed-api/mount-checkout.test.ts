// @vitest-environment happy-dom
import { afterEach, expect, it, vi } from "vitest";
import { MESSAGE_SOURCE } from "../shared/messages";
import { mountCheckout } from "./mount-checkout";

const checkoutUrl = "https://pay.example/embed/ck_abcdefghij0123456789?page_layout=embed";

afterEach(() => vi.restoreAllMocks());

// Detached iframes have no window: messages "from the frame" come with source null, like theirs.
const fromFrame = (payload: object) =>
  window.dispatchEvent(
    new MessageEvent("message", {
      data: { source: MESSAGE_SOURCE, ...payload },
      origin: "https://pay.example",
    }),
  );

/** Counts the listeners added to and removed from a target. */
function countListeners(target: EventTarget) {
  const add = vi.spyOn(target, "addEventListener");
  const remove = vi.spyOn(target, "removeEventListener");
  return () => add.mock.calls.length - remove.mock.calls.length;
}

it("mounts, calls back, unmounts everything, and mounts again on the same element", () => {
  const container = document.createElement("div");
  const onContainer = countListeners(container);
  const onWindow = countListeners(window);
  const calls: string[] = [];
  const first = mountCheckout(container, {
    checkoutUrl,
    locale: "de",
    onReady: (detail) => calls.push(`ready ${detail.checkoutId}`),
    onBrand: (detail) => calls.push(`brand ${detail.brand}`),
    onError: (detail) => calls.push(`error ${detail.code}`),
    onComplete: (detail) => {
      calls.push(`complete ${detail.state}`);
      return false;
    },
  });
  expect(container.querySelectorAll("iframe")).toHaveLength(1);
  const assign = vi.fn();
  vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign });
  fromFrame({ type: "ready" });
  fromFrame({ type: "brand", brand: "AMEX" });
  fromFrame({ type: "error", code: "card_declined", message: "Declined" });
  fromFrame({ type: "done", state: "Success", redirectUrl: "https://shop.example/r?id=1" });
  expect(calls).toEqual([
    "ready ck_abcdefghij0123456789",
    "brand AMEX",
    "error card_declined",
    "complete Success",
  ]);
  expect(assign).not.toHaveBeenCalled(); // onComplete returned false: the app routes by itself

  first.unmount();
  expect(container.childNodes).toHaveLength(0);
  expect(onContainer()).toBe(0);
  expect(onWindow()).toBe(0);
  fromFrame({ type: "ready" });
  expect(calls).toHaveLength(4);

  const second = mountCheckout(container, { checkoutUrl, onReady: () => calls.push("again") });
  fromFrame({ type: "ready" });
  expect(calls.slice(4)).toEqual(["again"]);
  expect(container.querySelectorAll("iframe")).toHaveLength(1);
  second.unmount();
  expect(onContainer()).toBe(0);
  expect(onWindow()).toBe(0);
});

it("redirects on completion unless onComplete returns false", () => {
  const assign = vi.fn();
  vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign });
  const mounted = mountCheckout(document.createElement("div"), { checkoutUrl, onComplete: () => {} });
  fromFrame({ type: "done", state: "Declined", redirectUrl: "https://shop.example/r?id=1" });
  expect(assign).toHaveBeenCalledWith("https://shop.example/r?id=1");
  mounted.unmount();
});

it("refuses a URL that is not a checkout's", () => {
  expect(() =>
    mountCheckout(document.createElement("div"), { checkoutUrl: "https://pay.example/x" }),
  ).toThrow(/checkoutUrl/);
});
