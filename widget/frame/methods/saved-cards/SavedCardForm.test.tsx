// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SavedCard } from "@contract/frame";
import type { PayResult } from "../../api/frame-api";
import { en } from "../../i18n/en";
import { addChunkMessages, createTranslator } from "../../i18n/i18n";
import * as chunk from "./messages/all";
import { I18nContext } from "../../i18n/I18nContext";
import { SavedCardForm } from "./SavedCardForm";
import { openCheckout } from "../../open-checkout.fixture";

const cards: SavedCard[] = [
  {
    registrationId: "0b6f2f7e-1d55-4d8e-9d7e-0f6c9a1b2c3d",
    brand: "Visa",
    last4Digits: "4242",
    expiryMonth: "12",
    expiryYear: "2034",
  },
  {
    registrationId: "1c7a3a8f-2e66-4e9f-8e8f-1a7d0b2c3d4e",
    brand: "American Express",
    last4Digits: "0005",
    expiryMonth: "01",
    expiryYear: "2031",
  },
];
const checkout = openCheckout({ savedCards: cards });

function setup(answer: PayResult) {
  const pay = vi.fn(async () => answer);
  const handlers = { onFinal: vi.fn(), onClosed: vi.fn(), onChallenge: vi.fn() };
  render(
    <I18nContext.Provider value={createTranslator(en)}>
      <SavedCardForm checkout={checkout} cards={cards} pay={pay} {...handlers} />
    </I18nContext.Provider>,
  );
  const submit = () =>
    fireEvent.submit(screen.getByRole("button", { name: "Pay €5.00" }).closest("form") as HTMLFormElement);
  return { pay, submit, ...handlers };
}

// The frame loads these with the chunk (useChunkMessages); the forms here are rendered without it.
addChunkMessages("en", chunk.en);

afterEach(cleanup);

describe("SavedCardForm", () => {
  it("lists the cards with brand, last four and expiry, the first one chosen", () => {
    setup({ kind: "outcome", outcome: { state: "Success", approved: true, attemptsLeft: 0 } });
    expect(screen.getByRole("group", { name: "Saved cards" })).toBeTruthy();
    const radios = screen.getAllByRole<HTMLInputElement>("radio");
    expect(radios.map((r) => r.checked)).toEqual([true, false]);
    expect(screen.getByText("•••• 4242")).toBeTruthy();
    expect(screen.getByText("Expires 12/34")).toBeTruthy();
  });

  it("sends the chosen card's uuid and its security code only", async () => {
    const { pay, submit, onFinal } = setup({
      kind: "outcome",
      outcome: { state: "Success", approved: true, attemptsLeft: 0 },
    });
    fireEvent.click(screen.getAllByRole("radio")[1] as HTMLElement);
    fireEvent.input(screen.getByLabelText("Security code"), { target: { value: "1234" } });
    submit();
    await waitFor(() => expect(onFinal).toHaveBeenCalled());
    expect(pay).toHaveBeenCalledWith(cards[1]?.registrationId, "1234");
  });

  it("names a missing code at the field and sends nothing", async () => {
    const { pay, submit } = setup({
      kind: "outcome",
      outcome: { state: "Success", approved: true, attemptsLeft: 0 },
    });
    submit();
    await screen.findByText("Enter the security code.", { exact: false }).catch(() => undefined);
    expect(screen.getByLabelText("Security code").getAttribute("aria-invalid")).toBe("true");
    expect(pay).not.toHaveBeenCalled();
  });

  it("opens the challenge when the issuer asks for one", async () => {
    const challenge = {
      url: "/sandbox/3ds/pay_AAAAAAAAAAAAAAAAAAAA",
      expiresAt: "2026-11-27T10:42:00.000+00:00",
    };
    const { submit, onChallenge } = setup({
      kind: "outcome",
      outcome: { state: "PaymentReady", approved: false, attemptsLeft: 3, challenge },
    });
    fireEvent.input(screen.getByLabelText("Security code"), { target: { value: "123" } });
    submit();
    await waitFor(() => expect(onChallenge).toHaveBeenCalledWith(challenge));
  });

  it("a decline with attempts left says why and clears the code", async () => {
    const { submit } = setup({
      kind: "outcome",
      outcome: { state: "PaymentReady", approved: false, reason: "card_declined", attemptsLeft: 2 },
    });
    fireEvent.input(screen.getByLabelText("Security code"), { target: { value: "123" } });
    submit();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Payment declined: the card was declined. Attempts left: 2.");
    expect(screen.getByLabelText<HTMLInputElement>("Security code").value).toBe("");
  });
});
