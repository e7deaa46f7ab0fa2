// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FrameCheckout } from "@contract/frame";
import type { CheckoutWatcher } from "./api/checkout-events";
import type { CheckoutClient, LoadResult, PayResult } from "./api/frame-api";
import { App } from "./App";
import type { ParentChannel } from "./parent/parent-channel";
import { openCheckout } from "./open-checkout.fixture";

const open = openCheckout();

const offline = { kind: "failure", status: 0, code: undefined, details: [] } as const satisfies PayResult;

function start(loaded: LoadResult, pay: () => Promise<PayResult> = async () => offline, language = "en") {
  let watcher: CheckoutWatcher | undefined;
  const client: CheckoutClient = {
    load: vi.fn(async () => loaded),
    // The card form's one request; MB WAY's requests answer as if offline.
    send: vi.fn(async (path: string) =>
      path === "/card-payments" ? pay() : offline,
    ) as CheckoutClient["send"],
    watch: vi.fn((w: CheckoutWatcher) => {
      watcher = w;
      return () => (watcher = undefined);
    }),
  };
  const channel: ParentChannel = { send: vi.fn() };
  render(<App client={client} channel={channel} initialLanguage={language} />);
  /** The service pushes the checkout as it is now, as its event stream does. */
  const push = (checkout: FrameCheckout) => act(() => watcher?.onChange(checkout));
  return { client, channel, push, watching: () => watcher !== undefined };
}

afterEach(cleanup);

describe("App", () => {
  it("shows the card form for an open checkout and tells the parent its title", async () => {
    const { channel } = start({ kind: "checkout", checkout: open });
    expect(await screen.findByRole("button", { name: "Pay €5.00" })).toBeTruthy();
    await waitFor(() => expect(channel.send).toHaveBeenCalledWith({ type: "title", title: "Card payment" }));
    expect(channel.send).not.toHaveBeenCalledWith({ type: "title", title: "title" });
    await waitFor(() => expect(document.documentElement.lang).toBe("en"));
  });

  it("offers the checkout's methods as tabs in its order, titled neutrally", async () => {
    const { channel } = start({ kind: "checkout", checkout: { ...open, paymentMethods: ["MW", "CC"] } });
    const tabs = await screen.findAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(["MB WAY", "Card"]);
    expect(await screen.findByLabelText("Phone number")).toBeTruthy(); // MB WAY's code, loaded now
    await waitFor(() => expect(channel.send).toHaveBeenCalledWith({ type: "title", title: "Payment" }));
    fireEvent.click(screen.getByRole("tab", { name: "Card" }));
    expect(screen.getByLabelText("Card number")).toBeTruthy();
  });

  it("an MB WAY-only checkout shows the phone form without tabs", async () => {
    start({ kind: "checkout", checkout: { ...open, paymentMethods: ["MW"] } });
    expect(await screen.findByLabelText("Phone number")).toBeTruthy();
    expect(screen.queryByRole("tab")).toBeNull();
  });

  it("speaks the checkout's language", async () => {
    start({ kind: "checkout", checkout: { ...open, language: "PT" } }, undefined, "pt");
    expect(await screen.findByLabelText("Nome do titular")).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe("pt"));
  });

  it("without the merchant's language speaks the page's, which the service chose from the browser", async () => {
    const { language: _merchant, ...chosenByBrowser } = open;
    start({ kind: "checkout", checkout: chosenByBrowser }, undefined, "pt");
    expect(await screen.findByLabelText("Nome do titular")).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe("pt"));
  });

  it("with the merchant's language speaks it, whatever the page's", async () => {
    start({ kind: "checkout", checkout: { ...open, language: "DE" } }, undefined, "pt");
    expect(await screen.findByLabelText("Name des Karteninhabers")).toBeTruthy();
  });

  const closed: [string, LoadResult, string][] = [
    ["unknown", { kind: "failure", status: 404, code: "not_found", details: [] }, "Checkout not found"],
    [
      "malformed",
      { kind: "failure", status: 400, code: "invalid_request", details: [] },
      "Checkout not found",
    ],
    ["paid", { kind: "checkout", checkout: { ...open, state: "Success" } }, "Already paid"],
    ["expired", { kind: "checkout", checkout: { ...open, state: "Expired" } }, "Checkout expired"],
    ["declined", { kind: "checkout", checkout: { ...open, state: "Declined" } }, "Payment declined"],
  ];
  for (const [what, loaded, heading] of closed) {
    it(`shows a message instead of the form for a ${what} checkout`, async () => {
      start(loaded);
      expect(await screen.findByRole("heading", { name: heading })).toBeTruthy();
      expect(screen.queryByRole("textbox")).toBeNull();
    });
  }

  it("after an approved payment shows success and hands the redirect to the parent", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const redirectUrl = "https://shop.example/result?id=ck_AAAAAAAAAAAAAAAAAAAA";
    const { channel } = start({ kind: "checkout", checkout: open }, async () => ({
      kind: "outcome",
      outcome: { state: "Success", approved: true, attemptsLeft: 0, redirectUrl },
    }));
    await screen.findByRole("button", { name: "Pay €5.00" });
    for (const [label, value] of [
      ["Cardholder name", "Ada"],
      ["Card number", "4242424242424242"],
      ["Expiry date", "12/30"],
      ["Security code", "123"],
    ] as const) {
      fireEvent.input(screen.getByLabelText(label), { target: { value } });
    }
    fireEvent.submit(screen.getByRole("button").closest("form") as HTMLFormElement);
    expect(await screen.findByRole("heading", { name: "Payment successful" })).toBeTruthy();
    vi.advanceTimersByTime(1000);
    await waitFor(() =>
      expect(channel.send).toHaveBeenCalledWith({ type: "done", state: "Success", redirectUrl }),
    );
    vi.useRealTimers();
  });

  it("skips a method code it does not know instead of showing another method's form", async () => {
    const unknown = "XX" as FrameCheckout["paymentMethods"][number];
    start({ kind: "checkout", checkout: { ...open, paymentMethods: [unknown, "CC"] } });
    expect(await screen.findByLabelText("Card number")).toBeTruthy();
    expect(screen.queryByRole("tab")).toBeNull();
    cleanup();
    start({ kind: "checkout", checkout: { ...open, paymentMethods: [unknown] } });
    expect(
      await screen.findByRole("heading", { name: "Card payments are not available for this checkout." }),
    ).toBeTruthy();
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  const endings: [string, Partial<FrameCheckout>, string, string][] = [
    ["expires", { state: "Expired" }, "Checkout expired", "This checkout has expired."],
    [
      "is paid elsewhere",
      { state: "Success" },
      "Payment successful",
      "Thank you, your payment was accepted.",
    ],
    [
      "is declined elsewhere",
      { state: "Declined", reason: "card_declined", attemptsLeft: 0 },
      "Payment declined",
      "Payment declined: the card was declined.",
    ],
  ];
  for (const [what, change, heading, text] of endings) {
    it(`follows the open form's checkout: when it ${what}, says so at once and leaves`, async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const redirectUrl = "https://shop.example/result?id=ck_AAAAAAAAAAAAAAAAAAAA";
      const { channel, push, watching } = start({ kind: "checkout", checkout: open });
      await screen.findByLabelText("Card number");
      await waitFor(() => expect(watching()).toBe(true));
      await push(open); // the stream's first message: still open, nothing changes
      expect(screen.getByLabelText("Card number")).toBeTruthy();
      await push({ ...open, ...change, redirectUrl });
      expect(await screen.findByRole("heading", { name: heading })).toBeTruthy();
      expect(screen.getByText(new RegExp(text.replace(/[.]/g, "\\.")))).toBeTruthy();
      expect(screen.queryByLabelText("Card number")).toBeNull();
      vi.advanceTimersByTime(1000);
      await waitFor(() =>
        expect(channel.send).toHaveBeenCalledWith({ type: "done", state: change.state, redirectUrl }),
      );
      await waitFor(() => expect(watching()).toBe(false));
      vi.useRealTimers();
    });
  }
});
