import type { PaymentMethod } from "../method";
import { TypedCardForm } from "./TypedCardForm";
import { WithChallenge } from "./WithChallenge";

/** Card: in the frame's entry, as most checkouts offer it first. */
export const card: PaymentMethod = {
  code: "CC",
  labelKey: "methodCard",
  titleKey: "title",
  resumes: (checkout) => !!checkout.challenge,
  Component: (props) => (
    <WithChallenge {...props}>
      {(challenge) => <TypedCardForm {...props} challenge={challenge} />}
    </WithChallenge>
  ),
};
