import type { PaymentMethod } from "../method";
import { payWithCard } from "./card-api";
import { CardForm } from "./CardForm";

/** Card: in the frame's entry, as most checkouts offer it first. */
export const card: PaymentMethod = {
  code: "CC",
  labelKey: "methodCard",
  titleKey: "title",
  Component: ({ checkout, client, onFinal, onClosed }) => (
    <CardForm
      checkout={checkout}
      pay={(request) => payWithCard(client, request)}
      onFinal={onFinal}
      onClosed={onClosed}
    />
  ),
};
