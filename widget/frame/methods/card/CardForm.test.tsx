// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CardPaymentRequest, FrameCheckout } from "@contract/frame";
import type { PayResult } from "../../api/frame-api";
import { I18nContext } from "../../i18n/I18nContext";
import { en } from "../../i18n/en";
import { createTranslator } from "../../i18n/i18n";
import { pt } from "../../i18n/pt";
import { LiveRegion } from "../../shared/LiveRegion";
import { CardForm } from "./CardForm";
import { openCheckout } from "../../open-checkout.fixture";

const checkout = openCheckout({ summary: '<img src=x onerror="alert(1)">' });

function setup(options: { language?: string; over?: Partial<FrameCheckout>; pay?: PayMock } = {}) {
  const pay: PayMock =
    options.pay ??
    vi.fn(async () => ({
      kind: "outcome" as const,
      outcome: {
        state: "Success" as const,
        approved: true,
        attemptsLeft: 0,
        redirectUrl: "https://shop/r?id=1",
      },
    }));
  const onFinal = vi.fn();
  const onClosed = vi.fn();
  render(
    <I18nContext.Provider value={createTranslator(options.language === "PT" ? pt : en)}>
      <LiveRegion />
      <CardForm checkout={{ ...checkout, ...options.over }} pay={pay} onFinal={onFinal} onClosed={onClosed} />
    </I18nContext.Provider>,
  );
  return { pay, onFinal, onClosed };
}

type PayMock = ReturnType<typeof vi.fn<(card: CardPaymentRequest) => Promise<PayResult>>>;

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });

function fillValidCard(number = "4242 4242 4242 4242") {
  type("Cardholder name", "Ada Lovelace");
  type("Card number", number);
  type("Expiry date", "1230");
  type("Security code", "123");
}

afterEach(cleanup);

describe("CardForm", () => {
  it("shows the four labelled fields with card autocomplete and the pay button", () => {
    setup();
    const expected = [
      ["Cardholder name", "cc-name"],
      ["Card number", "cc-number"],
      ["Expiry date", "cc-exp"],
      ["Security code", "cc-csc"],
    ];
    for (const [label, autocomplete] of expected) {
      expect(screen.getByLabelText(label as string).getAttribute("autocomplete")).toBe(autocomplete);
    }
    expect(screen.getByLabelText("Card number").getAttribute("inputmode")).toBe("numeric");
    expect(screen.getByRole("button", { name: "Pay €5.00" })).toBeTruthy();
    expect(screen.getByRole("status")).toBeTruthy();
  });

  it("speaks Portuguese", () => {
    setup({ language: "PT" });
    for (const label of ["Nome do titular", "Número do cartão", "Data de validade", "Código de segurança"]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByRole("button").textContent?.replace(/\s/g, " ")).toBe("Pagar 5,00 €");
  });

  it("renders the merchant's summary as text only", () => {
    setup();
    expect(screen.getByText('<img src=x onerror="alert(1)">')).toBeTruthy();
    expect(document.querySelector("img")).toBeNull();
  });

  it("groups the number and shows the brand as it is typed", () => {
    setup();
    type("Card number", "378282246310005");
    expect(screen.getByLabelText<HTMLInputElement>("Card number").value).toBe("3782 822463 10005");
    expect(screen.getByText("American Express")).toBeTruthy();
    expect(screen.getByLabelText("Card number").getAttribute("aria-describedby")).toContain("number-brand");
  });

  it("shows an error on blur, tied to the field, and clears it once fixed", () => {
    setup();
    const number = screen.getByLabelText("Card number");
    type("Card number", "4242 4242 4242 4241");
    fireEvent.blur(number);
    expect(number.getAttribute("aria-invalid")).toBe("true");
    const errorId = number.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(errorId.split(" ").pop() ?? "")?.textContent).toBe(
      "Enter a valid card number.",
    );
    expect(screen.getByRole("status").textContent).toContain("Enter a valid card number.");

    type("Card number", "4242 4242 4242 4242");
    expect(number.getAttribute("aria-invalid")).toBeNull();
  });

  it("on submit marks every invalid field, focuses the first and sends nothing", async () => {
    const { pay } = setup();
    type("Cardholder name", "Ada");
    fireEvent.submit(screen.getByRole("button").closest("form") as HTMLFormElement);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Card number")));
    for (const label of ["Card number", "Expiry date", "Security code"]) {
      expect(screen.getByLabelText(label).getAttribute("aria-invalid")).toBe("true");
    }
    expect(pay).not.toHaveBeenCalled();
  });

  it("sends digits only, once, and reports the final outcome", async () => {
    const { pay, onFinal } = setup();
    fillValidCard();
    const form = screen.getByRole("button").closest("form") as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form); // a double click
    await waitFor(() => expect(onFinal).toHaveBeenCalledTimes(1));
    expect(pay).toHaveBeenCalledTimes(1);
    expect(pay).toHaveBeenCalledWith({
      holder: "Ada Lovelace",
      number: "4242424242424242",
      expiryMonth: "12",
      expiryYear: "2030",
      cvc: "123",
    });
  });

  it("is busy while paying", async () => {
    let answer: (result: PayResult) => void = () => {};
    const pay: PayMock = vi.fn(() => new Promise<PayResult>((resolve) => (answer = resolve)));
    setup({ pay });
    fillValidCard();
    fireEvent.submit(screen.getByRole("button").closest("form") as HTMLFormElement);
    await waitFor(() => expect(screen.getByRole("button").hasAttribute("disabled")).toBe(true));
    expect(screen.getByRole("button").textContent).toContain("Processing payment");
    answer({ kind: "outcome", outcome: { state: "Success", approved: true, attemptsLeft: 0 } });
    await waitFor(() => expect(screen.getByRole("button").hasAttribute("disabled")).toBe(false));
  });

  it("shows a declined alert with the attempts left and lets the shopper retry", async () => {
    const pay: PayMock = vi.fn(async () => ({
      kind: "outcome" as const,
      outcome: {
        state: "PaymentReady" as const,
        approved: false,
        reason: "card_declined" as const,
        attemptsLeft: 2,
      },
    }));
    const { onFinal } = setup({ pay });
    fillValidCard("4000 0000 0000 0002");
    fireEvent.submit(screen.getByRole("button").closest("form") as HTMLFormElement);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("declined");
    expect(alert.textContent).toContain("Attempts left: 2");
    expect(onFinal).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText("Card number"));
    expect(screen.getByRole("button").hasAttribute("disabled")).toBe(false);
  });

  it("asks the app to reload when the checkout closed meanwhile", async () => {
    const pay: PayMock = vi.fn(async () => ({
      kind: "failure" as const,
      status: 409,
      code: "checkout_closed",
      details: [],
    }));
    const { onClosed } = setup({ pay });
    fillValidCard();
    fireEvent.submit(screen.getByRole("button").closest("form") as HTMLFormElement);
    await waitFor(() => expect(onClosed).toHaveBeenCalled());
  });

  it("tells the shopper the card will be saved when the checkout registers it", () => {
    setup({ over: { createRegistration: true } });
    expect(screen.getByText("Your card will be saved for future payments.")).toBeTruthy();
  });
});
