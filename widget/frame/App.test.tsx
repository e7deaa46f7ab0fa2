// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FrameCheckout } from "../../mock-service/contract/frame";
import type { LoadResult, PayResult } from "./api/frame-api";
import { App, type FrameApi } from "./App";
import type { ParentChannel } from "./parent/parent-channel";

const open: FrameCheckout = {
  id: "ck_AAAAAAAAAAAAAAAAAAAA",
  amount: 500,
  currency: "EUR",
  language: "EN",
  paymentMethods: ["CC"],
  createRegistration: false,
  state: "PaymentReady",
  attemptsLeft: 3,
};

const offline = { kind: "failure", status: 0, code: "network", details: [] } as const satisfies PayResult;

function start(loaded: LoadResult, pay: () => Promise<PayResult> = async () => offline, language = "en") {
  const api: FrameApi = {
    loadCheckout: vi.fn(async () => loaded),
    payWithCard: vi.fn(pay),
    startMbway: vi.fn(async () => offline),
    cancelMbway: vi.fn(async () => offline),
    watchCheckout: vi.fn(() => () => {}),
  };
  const channel: ParentChannel = { send: vi.fn() };
  render(<App checkoutId={open.id} api={api} channel={channel} initialLanguage={language} />);
  return { api, channel };
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
    expect(screen.getByLabelText("Phone number")).toBeTruthy();
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
});
