// The shop listens to the checkout's events on its form: it says when the form is ready, which card
// brand the shopper is typing, why a payment was not made, and the outcome before the checkout takes
// the shopper to the result page. Only these facts reach the shop's page, never card data.
const form = document.querySelector("form.paymentWidgets");
const status = document.getElementById("checkout-events");
const BRANDS = { VISA: "Visa", MASTER: "Mastercard", AMEX: "American Express", MAESTRO: "Maestro" };
const say = (text) => {
  if (status) status.textContent = text;
};

form?.addEventListener("checkout:ready", () => say("The payment form is ready."));
form?.addEventListener("checkout:brand", (event) => {
  const { brand } = event.detail;
  say(brand ? `Card: ${BRANDS[brand] ?? brand}.` : "");
});
form?.addEventListener("checkout:error", (event) => {
  const { code, message } = event.detail;
  say(
    code === "frame_unavailable"
      ? "The payment form could not be loaded. Try again later."
      : `Not paid: ${message}`,
  );
});
form?.addEventListener("checkout:complete", (event) => {
  say(
    event.detail.state === "Success"
      ? "Paid. Taking you to your receipt…"
      : "The payment did not go through.",
  );
});
