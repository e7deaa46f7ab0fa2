import type { MethodProps } from "../method";
import { payWithCard } from "./card-api";
import { CardForm } from "./CardForm";
import type { ChallengeHooks } from "./WithChallenge";

/** The form for a card typed in, as a method shows it inside its challenge (card, and saved cards' "another"). */
export function TypedCardForm({ challenge, ...props }: MethodProps & { challenge: ChallengeHooks }) {
  return (
    <CardForm
      checkout={props.checkout}
      pay={(request) => payWithCard(props.client, request)}
      onFinal={props.onFinal}
      onClosed={props.onClosed}
      onChallenge={challenge.onChallenge}
      initialAlert={challenge.alert}
    />
  );
}
