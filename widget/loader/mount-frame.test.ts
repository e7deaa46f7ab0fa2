// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { MESSAGE_SOURCE } from "../shared/messages";
import { mountFrame } from "./mount-frame";

const target = { checkoutId: "ck_abcdefghij0123456789", origin: "https://pay.example" };
let form: HTMLFormElement;

beforeEach(() => {
  // Kept out of the document: happy-dom would try (and refuse, loudly) to load the iframe's page.
  form = document.createElement("form");
});
afterEach(() => vi.restoreAllMocks());

function post(
  iframe: HTMLIFrameElement,
  data: unknown,
  origin = target.origin,
  source: unknown = iframe.contentWindow,
) {
  window.dispatchEvent(new MessageEvent("message", { data, origin, source: source as Window }));
}

it("mounts an iframe from the checkout origin, styled through the CSSOM", () => {
  const iframe = mountFrame(form, target);
  expect(form.contains(iframe)).toBe(true);
  expect(iframe.src).toMatch(/^https:\/\/pay\.example\/checkout-frame\/ck_abcdefghij0123456789#origin=/);
  expect(iframe.title).toBe("Card payment");
  expect(iframe.style.width).toBe("100%");
});

it("follows size and title messages from its own frame only", () => {
  const iframe = mountFrame(form, target);
  post(iframe, { source: MESSAGE_SOURCE, type: "size", height: 420 });
  expect(iframe.style.height).toBe("420px");

  post(iframe, { source: MESSAGE_SOURCE, type: "size", height: 10 }, "https://evil.example");
  post(iframe, { source: MESSAGE_SOURCE, type: "size", height: 10 }, target.origin, window);
  post(iframe, { source: "other", type: "size", height: 10 });
  post(iframe, { source: MESSAGE_SOURCE, type: "size", height: "10" });
  expect(iframe.style.height).toBe("420px");

  post(iframe, { source: MESSAGE_SOURCE, type: "title", title: "Pagamento com cartão" });
  expect(iframe.title).toBe("Pagamento com cartão");
});

it("navigates to an http(s) redirect only", () => {
  const assign = vi.fn();
  vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign });
  const iframe = mountFrame(form, target);
  post(iframe, { source: MESSAGE_SOURCE, type: "done", redirectUrl: "javascript:alert(1)" });
  post(
    iframe,
    { source: MESSAGE_SOURCE, type: "done", redirectUrl: "https://shop.example/r?id=1" },
    "https://evil",
  );
  expect(assign).not.toHaveBeenCalled();
  post(iframe, { source: MESSAGE_SOURCE, type: "done", redirectUrl: "https://shop.example/r?id=1" });
  expect(assign).toHaveBeenCalledWith("https://shop.example/r?id=1");
});
