// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FrameCheckout } from "@contract/frame";
import type { CheckoutWatcher } from "../../api/checkout-events";
import type { CheckoutResult } from "../../api/frame-api";
import { en } from "../../i18n/en";
import { addChunkMessages, createTranslator } from "../../i18n/i18n";
import * as chunk from "./messages/all";
import { I18nContext } from "../../i18n/I18nContext";
import { LiveRegion } from "../../shared/LiveRegion";
import type { MbwayApi } from "./mbway-api";
import { MbwayPayment } from "./MbwayPayment";
import { openCheckout } from "../../open-checkout.fixture";

const open = openCheckout({ paymentMethods: ["CC", "MW"] });
const waiting: FrameCheckout = {
  ...open,
  mbway: { paymentStatus: "waiting", expiresAt: new Date(Date.now() + 240_000).toISOString() },
};

function setup(
  initial: FrameCheckout = open,
  cancelResult: CheckoutResult = { kind: "checkout", checkout: open },
) {
  let watcher: CheckoutWatcher | undefined;
  const stop = vi.fn();
  const api: MbwayApi = {
    start: vi.fn(async () => ({ kind: "checkout" as const, checkout: waiting })),
    cancel: vi.fn(async () => cancelResult),
    watch: vi.fn((w: CheckoutWatcher) => {
      watcher = w;
      return stop;
    }),
  };
  const handlers = { onFinal: vi.fn(), onClosed: vi.fn(), onWaitingChange: vi.fn() };
  render(
    <I18nContext.Provider value={createTranslator(en)}>
      <LiveRegion />
      <MbwayPayment checkout={initial} api={api} {...handlers} />
    </I18nContext.Provider>,
  );
  const push = (checkout: FrameCheckout) => act(() => watcher?.onChange(checkout));
  return { api, stop, push, lost: () => act(() => watcher?.onLost()), ...handlers };
}

/** Sends a phone and waits until the await screen follows the checkout's events. */
async function sendPhone(api: MbwayApi, number = "911111111") {
  const watching = vi.mocked(api.watch).mock.calls.length;
  fireEvent.input(screen.getByLabelText("Phone number"), { target: { value: number } });
  fireEvent.submit(screen.getByRole("button").closest("form") as HTMLFormElement);
  await screen.findByRole("timer");
  await waitFor(() => expect(api.watch).toHaveBeenCalledTimes(watching + 1));
}

// The frame loads these with the chunk (useChunkMessages); the forms here are rendered without it.
addChunkMessages("en", chunk.en);

afterEach(cleanup);

describe("MbwayPayment", () => {
  it("after sending waits on the await screen and follows the checkout's events", async () => {
    const { api, onWaitingChange } = setup();
    expect(api.watch).not.toHaveBeenCalled(); // nothing to follow before a request
    await sendPhone(api);
    expect(screen.getByRole("heading", { name: "Approve the payment in MB WAY" })).toBeTruthy();
    expect(screen.getByText("Request sent to +351 911111111.")).toBeTruthy();
    expect(screen.getByText(/approve the payment of €5\.00/)).toBeTruthy();
    expect(api.watch).toHaveBeenCalledTimes(1);
    expect(onWaitingChange).toHaveBeenLastCalledWith(true);
  });

  it("an approval ends it with the redirect, like a card payment", async () => {
    const { api, push, onFinal } = setup();
    await sendPhone(api);
    await push(waiting); // the stream starts with the checkout as it is
    expect(onFinal).not.toHaveBeenCalled();
    await push({ ...open, state: "Success", attemptsLeft: 2, redirectUrl: "https://shop/r?id=1" });
    expect(onFinal).toHaveBeenCalledWith({
      state: "Success",
      approved: true,
      reason: undefined,
      attemptsLeft: 2,
      redirectUrl: "https://shop/r?id=1",
    });
  });

  it("a timeout ends it as Expired", async () => {
    const { api, push, onFinal } = setup();
    await sendPhone(api, "933333333");
    await push({ ...open, state: "Expired", reason: "mbway_timeout", redirectUrl: "https://shop/r?id=1" });
    expect(onFinal).toHaveBeenCalledWith(expect.objectContaining({ state: "Expired", approved: false }));
  });

  it("a decline brings the form back with the reason, the number kept and focused", async () => {
    const { api, push, stop, onWaitingChange } = setup();
    await sendPhone(api, "922222222");
    await push({ ...open, reason: "mbway_declined", attemptsLeft: 2 });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Payment declined in the MB WAY app. Attempts left: 2.");
    const phone = screen.getByLabelText<HTMLInputElement>("Phone number");
    expect(phone.value).toBe("922222222");
    expect(document.activeElement).toBe(phone);
    expect(stop).toHaveBeenCalled(); // no stream while the form shows
    expect(onWaitingChange).toHaveBeenLastCalledWith(false);
  });

  it("Cancel calls the service and returns to the form without an alert", async () => {
    const { api } = setup();
    await sendPhone(api, "912345678");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await screen.findByLabelText("Phone number");
    expect(api.cancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("status").textContent).toContain("The MB WAY request was cancelled.");
  });

  it("a cancel that comes too late keeps waiting for the answer the stream brings", async () => {
    const { api, push, onFinal } = setup(open, {
      kind: "failure",
      status: 409,
      code: "not_waiting",
      details: [],
    });
    await sendPhone(api, "912345678");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Cancel" }).hasAttribute("disabled")).toBe(false),
    );
    expect(screen.getByRole("timer")).toBeTruthy();
    await push({ ...open, state: "Success", redirectUrl: "https://shop/r?id=1" });
    expect(onFinal).toHaveBeenCalled();
  });

  it("opens on the await screen when the checkout already waits (frame reloaded)", async () => {
    const { api } = setup(waiting);
    expect(screen.getByRole("timer")).toBeTruthy();
    await waitFor(() => expect(api.watch).toHaveBeenCalledTimes(1));
  });

  it("a lost stream asks the app to reload the checkout", async () => {
    const { api, lost, onClosed } = setup();
    await sendPhone(api);
    await lost();
    expect(onClosed).toHaveBeenCalled();
  });
});
