// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FrameCheckout } from "@contract/frame";
import type { CheckoutResult } from "../../api/frame-api";
import { I18nContext } from "../../i18n/I18nContext";
import { en } from "../../i18n/en";
import { addChunkMessages, createTranslator } from "../../i18n/i18n";
import * as chunk from "./messages/all";
import { pt } from "../../i18n/pt";
import { LiveRegion } from "../../shared/LiveRegion";
import type { MbwayValues } from "./mbway-rules";
import { MbwayForm } from "./MbwayForm";
import { openCheckout } from "../../open-checkout.fixture";

const checkout = openCheckout({ paymentMethods: ["MW"] });
const waiting: FrameCheckout = {
  ...checkout,
  mbway: { paymentStatus: "waiting", expiresAt: "2030-01-01T00:04:00Z" },
};

type StartMock = ReturnType<typeof vi.fn<(phone: MbwayValues) => Promise<CheckoutResult>>>;

function setup(options: { language?: "PT"; start?: StartMock; over?: Partial<FrameCheckout> } = {}) {
  const start: StartMock =
    options.start ?? vi.fn(async () => ({ kind: "checkout" as const, checkout: waiting }));
  const handlers = { onWaiting: vi.fn(), onFinal: vi.fn(), onClosed: vi.fn() };
  render(
    <I18nContext.Provider value={createTranslator(options.language === "PT" ? pt : en)}>
      <LiveRegion />
      <MbwayForm
        checkout={{ ...checkout, ...options.over }}
        initial={{ countryCode: "351", number: "" }}
        start={start}
        {...handlers}
      />
    </I18nContext.Provider>,
  );
  return { start, ...handlers };
}

const phone = () => screen.getByLabelText<HTMLInputElement>("Phone number");
const submit = () => fireEvent.submit(screen.getByRole("button").closest("form") as HTMLFormElement);

// The frame loads these with the chunk (useChunkMessages); the forms here are rendered without it.
addChunkMessages("en", chunk.en);
addChunkMessages("pt", chunk.pt);

afterEach(cleanup);

describe("MbwayForm", () => {
  it("shows the country code (Portugal first) and the phone with tel autocomplete and keyboard", () => {
    setup();
    const country = screen.getByLabelText<HTMLSelectElement>("Country code");
    expect(country.value).toBe("351");
    expect(country.options[0]?.textContent).toBe("Portugal (+351)");
    expect(phone().getAttribute("autocomplete")).toBe("tel-national");
    expect(phone().getAttribute("inputmode")).toBe("tel");
    expect(phone().getAttribute("placeholder")).toBe("912345678");
    expect(screen.getByRole("button", { name: "Pay €5.00" })).toBeTruthy();
  });

  it("speaks Portuguese", () => {
    setup({ language: "PT" });
    expect(screen.getByLabelText("Número de telemóvel")).toBeTruthy();
    expect(screen.getByLabelText("Indicativo do país")).toBeTruthy();
    expect(screen.getByRole("button").textContent?.replace(/\s/g, " ")).toBe("Pagar 5,00 €");
  });

  it("keeps digits only and flags a full-length landline while typing", () => {
    setup();
    fireEvent.input(phone(), { target: { value: "212 345 678" } });
    expect(phone().value).toBe("212345678");
    expect(phone().getAttribute("aria-invalid")).toBe("true");
    expect(phone().getAttribute("aria-describedby")).toContain("phone-error");
    fireEvent.input(phone(), { target: { value: "912345678" } });
    expect(phone().getAttribute("aria-invalid")).toBeNull();
  });

  it("re-judges the number when the country changes", () => {
    setup();
    fireEvent.input(phone(), { target: { value: "612345678" } });
    fireEvent.blur(phone());
    expect(phone().getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(screen.getByLabelText("Country code"), { target: { value: "34" } });
    expect(phone().getAttribute("aria-invalid")).toBeNull();
  });

  it("on submit with no number marks it, focuses it and sends nothing", async () => {
    const { start } = setup();
    submit();
    await waitFor(() => expect(document.activeElement).toBe(phone()));
    expect(phone().getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Enter your phone number.")).toBeTruthy();
    expect(start).not.toHaveBeenCalled();
  });

  it("sends the country code and digits once, then hands over the waiting checkout", async () => {
    const { start, onWaiting } = setup();
    fireEvent.input(phone(), { target: { value: "911111111" } });
    submit();
    submit(); // a double click
    await waitFor(() => expect(onWaiting).toHaveBeenCalledTimes(1));
    expect(start).toHaveBeenCalledTimes(1);
    expect(start).toHaveBeenCalledWith({ countryCode: "351", number: "911111111" });
    expect(onWaiting).toHaveBeenCalledWith(waiting, { countryCode: "351", number: "911111111" });
  });

  it("shows the service's phone refusal on the field", async () => {
    const start: StartMock = vi.fn(async () => ({
      kind: "failure" as const,
      status: 400,
      code: "invalid_phone",
      details: [{ path: "number", message: "is not a mobile number of that country" }],
    }));
    setup({ start });
    fireEvent.input(phone(), { target: { value: "911111111" } });
    submit();
    await waitFor(() => expect(phone().getAttribute("aria-invalid")).toBe("true"));
    expect(document.activeElement).toBe(phone());
  });

  it("asks the app to reload when the checkout closed or already waits", async () => {
    const start: StartMock = vi.fn(async () => ({
      kind: "failure" as const,
      status: 409,
      code: "payment_in_progress",
      details: [],
    }));
    const { onClosed } = setup({ start });
    fireEvent.input(phone(), { target: { value: "911111111" } });
    submit();
    await waitFor(() => expect(onClosed).toHaveBeenCalled());
  });

  it("says when the request could not be sent", async () => {
    const start: StartMock = vi.fn(async () => ({
      kind: "failure" as const,
      status: 0,
      code: undefined,
      details: [],
    }));
    setup({ start });
    fireEvent.input(phone(), { target: { value: "911111111" } });
    submit();
    expect((await screen.findByRole("alert")).textContent).toContain("could not be sent");
  });

  it("tells the shopper the number will be saved when the checkout registers it", () => {
    setup({ over: { createRegistration: true } });
    expect(screen.getByText("Your MB WAY number will be saved for future payments.")).toBeTruthy();
  });
});
