// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { afterEach, expect, it, vi } from "vitest";
import type { CheckoutClient, PayResult } from "../api/frame-api";
import { App } from "../App";
import type { ParentChannel } from "../parent/parent-channel";
import { brandNameOf, merchantOptions, receiveOptions } from "./merchant-options";
import { openCheckout } from "../open-checkout.fixture";

const offline = { kind: "failure", status: 0, code: undefined, details: [] } as const satisfies PayResult;

const open = openCheckout();

function start(pay: () => Promise<PayResult> = async () => offline) {
  const client: CheckoutClient = {
    load: vi.fn(async () => ({ kind: "checkout" as const, checkout: open })),
    send: vi.fn(async (path: string) =>
      path === "/card-payments" ? pay() : offline,
    ) as CheckoutClient["send"],
    watch: vi.fn(() => () => {}),
  };
  const channel: ParentChannel = { send: vi.fn() };
  render(<App client={client} channel={channel} initialLanguage="en" />);
  return channel;
}

afterEach(() => {
  cleanup();
  merchantOptions.value = undefined;
  document.documentElement.removeAttribute("style");
  vi.restoreAllMocks();
});

it("names brands as COPYandPAY does", () => {
  expect(brandNameOf("4242")).toBe("VISA");
  expect(brandNameOf("5555")).toBe("MASTER");
  expect(brandNameOf("3782")).toBe("AMEX");
  expect(brandNameOf("")).toBeNull();
});

it("says ready only once the options are applied, in the merchant's language", async () => {
  const channel = start();
  await screen.findByRole("button", { name: "Pay €5.00" });
  expect(channel.send).not.toHaveBeenCalledWith({ type: "ready" });
  await receiveOptions({ locale: "pt" });
  expect(await screen.findByLabelText("Número do cartão")).toBeTruthy();
  await waitFor(() => expect(channel.send).toHaveBeenCalledWith({ type: "ready" }));
  expect(document.documentElement.lang).toBe("pt");
});

it("refuses a brand the merchant does not accept, with the exact field error", async () => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  start();
  await receiveOptions({ brands: "VISA MASTER ELO" });
  expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('brand "ELO" ignored'));
  const number = await screen.findByLabelText("Card number");
  fireEvent.input(number, { target: { value: "3782 822463" } });
  await waitFor(() => expect(number.getAttribute("aria-invalid")).toBe("true"));
  expect(
    document.getElementById(number.getAttribute("aria-describedby")?.split(" ")[0] ?? "")?.textContent,
  ).toContain("This card brand is not accepted");
  expect(screen.queryByText("American Express")).toBeNull();
  fireEvent.input(number, { target: { value: "4242 4242 4242 4242" } });
  await waitFor(() => expect(number.getAttribute("aria-invalid")).not.toBe("true"));
  expect(screen.getByText("Visa")).toBeTruthy();
});

it("applies a theme through the CSSOM, darkening a primary colour too light for white text", async () => {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  await receiveOptions({
    colorPrimary: "#ffcc00",
    borderRadius: 12,
    fontFamily: "serif",
    colorBackground: "#000",
  });
  const style = document.documentElement.style;
  const accent = style.getPropertyValue("--accent");
  expect(accent).toMatch(/^#[0-9a-f]{6}$/);
  expect(accent).not.toBe("#ffcc00");
  const { contrast } = await import("./theme");
  const rgb = [1, 3, 5].map((at) => parseInt(accent.slice(at, at + 2), 16)) as [number, number, number];
  expect(contrast(rgb, [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
  expect(style.getPropertyValue("--radius")).toBe("12px");
  expect(style.getPropertyValue("--font-family")).toBe("serif");
  // A black background would hide the form's texts: left out, with a warning.
  expect(style.getPropertyValue("--background")).toBe("");
  expect(warn).toHaveBeenCalledWith(expect.stringContaining("colorBackground ignored"));
});

it("reports a decline that leaves attempts as an error: its reason and text, nothing of the card", async () => {
  const channel = start(async () => ({
    kind: "outcome",
    outcome: { state: "PaymentReady", approved: false, reason: "insufficient_funds", attemptsLeft: 2 },
  }));
  await receiveOptions({});
  for (const [label, value] of [
    ["Cardholder name", "Ada"],
    ["Card number", "4000000000009995"],
    ["Expiry date", "12/30"],
    ["Security code", "123"],
  ] as const) {
    fireEvent.input(await screen.findByLabelText(label), { target: { value } });
  }
  fireEvent.submit(screen.getByRole("button").closest("form") as HTMLFormElement);
  await waitFor(() =>
    expect(channel.send).toHaveBeenCalledWith({
      type: "error",
      code: "insufficient_funds",
      message: expect.any(String),
    }),
  );
  const sent = JSON.stringify((channel.send as ReturnType<typeof vi.fn>).mock.calls);
  expect(sent).not.toContain("4000000000009995");
  expect(sent).not.toContain("0000 0000 9995");
});
