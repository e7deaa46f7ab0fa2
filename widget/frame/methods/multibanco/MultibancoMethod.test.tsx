// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FrameCheckout } from "@contract/frame";
import type { CheckoutWatcher } from "../../api/checkout-events";
import type { CheckoutClient } from "../../api/frame-api";
import { en } from "../../i18n/en";
import { createTranslator } from "../../i18n/i18n";
import { I18nContext } from "../../i18n/I18nContext";
import { LiveRegion } from "../../shared/LiveRegion";
import { MultibancoMethod } from "./MultibancoMethod";
import { openCheckout } from "../../open-checkout.fixture";

const open = openCheckout({ amount: 2590, paymentMethods: ["MB"] });
const pending: FrameCheckout = {
  ...open,
  state: "Pending",
  redirectUrl: "https://shop.example/result?id=ck_AAAAAAAAAAAAAAAAAAAA",
  multibanco: {
    entity: "12345",
    reference: "123456789",
    amount: 2590,
    expiresAt: "2026-11-27T10:42:00.000+00:00",
  },
};

async function setup(initial: FrameCheckout, answer: unknown = { kind: "checkout", checkout: pending }) {
  let watcher: CheckoutWatcher | undefined;
  const client: CheckoutClient = {
    load: vi.fn(),
    send: vi.fn(async () => answer) as CheckoutClient["send"],
    watch: vi.fn((w: CheckoutWatcher) => {
      watcher = w;
      return () => undefined;
    }),
  };
  const handlers = { onFinal: vi.fn(), onClosed: vi.fn(), onWaitingChange: vi.fn() };
  render(
    <I18nContext.Provider value={createTranslator(en)}>
      <LiveRegion />
      <MultibancoMethod checkout={initial} client={client} {...handlers} />
    </I18nContext.Provider>,
  );
  // Its texts load with the chunk, before the method shows anything.
  await waitFor(() => expect(document.querySelector(".loading")).toBeNull());
  return { client, push: (c: FrameCheckout) => act(() => watcher?.onChange(c)), ...handlers };
}

afterEach(cleanup);

describe("MultibancoMethod", () => {
  it("gets the voucher on request, then shows entity, grouped reference and amount, and locks the choice", async () => {
    const { client, onWaitingChange } = await setup(open);
    expect(client.send).not.toHaveBeenCalled(); // looking at the tab creates nothing
    fireEvent.click(screen.getByRole("button", { name: "Get the Multibanco reference" }));
    await screen.findByRole("heading", { name: "Multibanco payment details" });
    expect(client.send).toHaveBeenCalledWith("/multibanco-voucher", expect.any(Function), { method: "PUT" });
    expect(screen.getByText("12345")).toBeTruthy();
    expect(screen.getByText("123 456 789")).toBeTruthy();
    expect(screen.getByText("€25.90")).toBeTruthy();
    await waitFor(() => expect(onWaitingChange).toHaveBeenCalledWith(true));
  });

  it("a reloaded frame opens on the voucher; Continue leaves while it is pending", async () => {
    const { client, onFinal } = await setup(pending);
    expect(client.send).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(onFinal).toHaveBeenCalledWith(
      expect.objectContaining({ state: "Pending", approved: false, redirectUrl: pending.redirectUrl }),
      pending,
    );
  });

  it("paid by the bank network while shown: the outcome comes from the event stream", async () => {
    const { push, onFinal, client } = await setup(pending);
    await waitFor(() => expect(client.watch).toHaveBeenCalled());
    await push(pending); // the stream's first message: still pending
    expect(onFinal).not.toHaveBeenCalled();
    const paid = { ...pending, state: "Success" as const };
    await push(paid);
    expect(onFinal).toHaveBeenCalledWith(expect.objectContaining({ state: "Success", approved: true }), paid);
  });

  it("copy buttons are named after their value and announce Copied", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await setup(pending);
    fireEvent.click(screen.getByRole("button", { name: "Copy Reference" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Copied"));
    expect(writeText).toHaveBeenCalledWith("123456789");
  });

  it("a closed checkout is reloaded; another failure is said in an alert", async () => {
    const closed = await setup(open, { kind: "failure", status: 409, code: "checkout_closed", details: [] });
    fireEvent.click(screen.getByRole("button", { name: "Get the Multibanco reference" }));
    await waitFor(() => expect(closed.onClosed).toHaveBeenCalled());
    cleanup();
    await setup(open, { kind: "failure", status: 0, code: undefined, details: [] });
    fireEvent.click(screen.getByRole("button", { name: "Get the Multibanco reference" }));
    expect((await screen.findByRole("alert")).textContent).toBe(en.payFailed);
  });
});
