import type { PaymentMethod } from "../method";
import { payWithCard } from "./card-api";
import { CardForm } from "./CardForm";
import { WithChallenge } from "./WithChallenge";

/** Card: in the frame's entry, as most checkouts offer it first. */
export const card: PaymentMethod = {
  code: "CC",
  labelKey: "methodCard",
  titleKey: "title",
  resumes: (checkout) => !!checkout.challenge,
  Component: (props) => (
    <WithChallenge {...props}>
      {({ onChallenge, alert }) => (
        <CardForm
          checkout={props.checkout}
          pay={(request) => payWithCard(props.client, request)}
          onFinal={props.onFinal}
          onClosed={props.onClosed}
          onChallenge={onChallenge}
          initialAlert={alert}
        />
      )}
    </WithChallenge>
  ),
};
