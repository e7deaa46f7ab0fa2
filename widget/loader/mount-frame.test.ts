// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { MESSAGE_SOURCE } from "../shared/messages";
import { CONNECT_TIMEOUT_MS, mountFrame as mountFrameOnce, READY_TIMEOUT_MS } from "./mount-frame";

const target = { checkoutId: "ck_abcdefghij0123456789", origin: "https://pay.example" };
let form: HTMLFormElement;
const mounted: { unmount(): void }[] = [];
// Detached iframes have no window, like the test messages' source: each test's frames go at its end.
const mountFrame = (...args: Parameters<typeof mountFrameOnce>) => {
  const frame = mountFrameOnce(...args);
  mounted.push(frame);
  return frame;
};

beforeEach(() => {
  // Kept out of the document: happy-dom would try (and refuse, loudly) to load the iframe's page.
  form = document.createElement("form");
});
afterEach(() => {
  for (const frame of mounted.splice(0)) frame.unmount();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function post(
  iframe: HTMLIFrameElement,
  data: unknown,
  origin = target.origin,
  source: unknown = iframe.contentWindow,
) {
  window.dispatchEvent(new MessageEvent("message", { data, origin, source: source as Window }));
}
const say = (iframe: HTMLIFrameElement, payload: object) =>
  post(iframe, { source: MESSAGE_SOURCE, ...payload });

/** Every checkout event the form sees, in order. */
function record(host: HTMLElement) {
  const seen: { type: string; detail: unknown }[] = [];
  for (const type of ["checkout:ready", "checkout:brand", "checkout:error", "checkout:complete"]) {
    host.addEventListener(type, (event) => seen.push({ type, detail: (event as CustomEvent).detail }));
  }
  return seen;
}

it("mounts a hidden iframe from the checkout origin, styled through the CSSOM", () => {
  const { iframe } = mountFrame(form, target);
  expect(form.contains(iframe)).toBe(true);
  expect(iframe.src).toMatch(/^https:\/\/pay\.example\/checkout-frame\/ck_abcdefghij0123456789#origin=/);
  expect(iframe.title).toBe("Card payment");
  expect(iframe.style.width).toBe("100%");
  expect(iframe.style.visibility).toBe("hidden");
});

it("sends the options with its hello once the iframe loaded, to the checkout origin only", () => {
  const { iframe } = mountFrame(form, target, { locale: "pt", brands: ["VISA"] });
  const postMessage = vi.fn();
  Object.defineProperty(iframe, "contentWindow", { value: { postMessage } });
  iframe.dispatchEvent(new Event("load"));
  expect(postMessage).toHaveBeenCalledWith(
    { source: MESSAGE_SOURCE, type: "hello", options: { locale: "pt", brands: ["VISA"] } },
    target.origin,
  );
});

it("follows size and title messages from its own frame only", () => {
  const { iframe } = mountFrame(form, target);
  say(iframe, { type: "size", height: 420 });
  expect(iframe.style.height).toBe("420px");

  post(iframe, { source: MESSAGE_SOURCE, type: "size", height: 10 }, "https://evil.example");
  post(iframe, { source: MESSAGE_SOURCE, type: "size", height: 10 }, target.origin, window);
  post(iframe, { source: "other", type: "size", height: 10 });
  say(iframe, { type: "size", height: "10" });
  expect(iframe.style.height).toBe("420px");

  say(iframe, { type: "title", title: "Pagamento com cartão" });
  expect(iframe.title).toBe("Pagamento com cartão");
});

it("turns the frame's facts into bubbling DOM events on the form", () => {
  const { iframe } = mountFrame(form, target);
  const seen = record(form);
  say(iframe, { type: "connected" });
  say(iframe, { type: "ready" });
  expect(iframe.style.visibility).toBe("");
  say(iframe, { type: "brand", brand: "VISA" });
  say(iframe, { type: "brand", brand: null });
  say(iframe, { type: "error", code: "card_declined", message: "The card was declined." });
  post(iframe, { source: MESSAGE_SOURCE, type: "ready" }, "https://evil.example");
  expect(seen).toEqual([
    { type: "checkout:ready", detail: { checkoutId: target.checkoutId } },
    { type: "checkout:brand", detail: { brand: "VISA" } },
    { type: "checkout:brand", detail: { brand: null } },
    {
      type: "checkout:error",
      detail: { checkoutId: target.checkoutId, code: "card_declined", message: "The card was declined." },
    },
  ]);
});

it("navigates to an http(s) redirect on completion, unless a listener cancels it", () => {
  const assign = vi.fn();
  vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign });
  const { iframe } = mountFrame(form, target);
  const seen = record(form);
  say(iframe, { type: "done", state: "Success", redirectUrl: "javascript:alert(1)" });
  post(
    iframe,
    { source: MESSAGE_SOURCE, type: "done", state: "Success", redirectUrl: "https://shop.example/r?id=1" },
    "https://evil",
  );
  expect(assign).not.toHaveBeenCalled();
  expect(seen).toEqual([
    {
      type: "checkout:complete",
      detail: { checkoutId: target.checkoutId, state: "Success", redirectUrl: null },
    },
  ]);

  const cancel = (event: Event) => event.preventDefault();
  form.addEventListener("checkout:complete", cancel);
  say(iframe, { type: "done", state: "Success", redirectUrl: "https://shop.example/r?id=1" });
  expect(assign).not.toHaveBeenCalled();
  form.removeEventListener("checkout:complete", cancel);
  say(iframe, { type: "done", state: "Success", redirectUrl: "https://shop.example/r?id=1" });
  expect(assign).toHaveBeenCalledWith("https://shop.example/r?id=1");
});

it("explains a frame that never says it is ready: a notice in the form, the cause in the console", async () => {
  vi.useFakeTimers();
  const fetch = vi.spyOn(window, "fetch").mockResolvedValue(
    Response.json({
      data: {
        checkout: "open",
        allowedOrigins: ["http://localhost:4111"],
        originAllowed: false,
        message:
          "this page's origin http://localhost:3000 may not show checkout ck_abcdefghij0123456789; allowed: http://localhost:4111",
      },
    }),
  );
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  const { iframe } = mountFrame(form, target, { locale: "pt" });
  const seen = record(form);
  await vi.advanceTimersByTimeAsync(READY_TIMEOUT_MS);

  expect(iframe.isConnected || form.contains(iframe)).toBe(false);
  expect(form.querySelector('[role="alert"]')?.textContent).toBe(
    "Não foi possível carregar o formulário de pagamento.",
  );
  expect(fetch.mock.calls[0]?.[0] as string).toMatch(
    /^https:\/\/pay\.example\/embed\/ck_abcdefghij0123456789\/status\?origin=/,
  );
  expect(error).toHaveBeenCalledTimes(1);
  expect(error.mock.calls[0]?.[0]).toMatch(/may not show checkout ck_\w+; allowed: http:\/\/localhost:4111/);
  expect(seen).toEqual([
    {
      type: "checkout:error",
      detail: {
        checkoutId: target.checkoutId,
        code: "frame_unavailable",
        message: expect.stringContaining("allowed"),
      },
    },
  ]);
});

it("takes a load that never answers the hello for a refused one, and a silent service for what it is", async () => {
  vi.useFakeTimers();
  vi.spyOn(window, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  const { iframe } = mountFrame(form, target, { locale: "en" });
  iframe.dispatchEvent(new Event("load"));
  await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS);
  expect(form.textContent).toBe("The payment form could not be loaded.");
  expect(error.mock.calls[0]?.[0]).toContain("the checkout service at https://pay.example is not answering");
});

it("reports an unknown checkout the frame itself shows, and keeps the frame's own message", () => {
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  const { iframe } = mountFrame(form, target);
  const seen = record(form);
  say(iframe, { type: "connected" });
  say(iframe, { type: "error", code: "not_found", message: "Checkout not found" });
  expect(iframe.style.visibility).toBe("");
  expect(form.contains(iframe)).toBe(true);
  expect(error.mock.calls[0]?.[0]).toContain(`checkout ${target.checkoutId} is unknown`);
  expect(seen[0]).toMatchObject({ type: "checkout:error", detail: { code: "frame_unavailable" } });
});

it("unmount removes the frame, its listener and its timers", async () => {
  vi.useFakeTimers();
  const fetch = vi.spyOn(window, "fetch");
  const removed = vi.spyOn(window, "removeEventListener");
  const mounted = mountFrame(form, target);
  const seen = record(form);
  mounted.unmount();
  expect(form.children).toHaveLength(0);
  expect(removed).toHaveBeenCalledWith("message", expect.any(Function));
  say(mounted.iframe, { type: "ready" });
  await vi.advanceTimersByTimeAsync(READY_TIMEOUT_MS * 2);
  expect(fetch).not.toHaveBeenCalled();
  expect(seen).toEqual([]);
});
