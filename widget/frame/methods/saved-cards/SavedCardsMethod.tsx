import { useSignal } from "../../utils/signals";
import { useEffect, useRef } from "preact/hooks";
import { useI18n } from "../../i18n/I18nContext";
import { useChunkMessages } from "../../i18n/use-chunk-messages";
import { Loading } from "../../shared/Loading";
import { TypedCardForm } from "../card/TypedCardForm";
import { WithChallenge } from "../card/WithChallenge";
import type { MethodProps } from "../method";
import { SAVED_CARD_CATALOGS } from "./messages";
import { payWithSavedCard } from "./saved-card-api";
import { SavedCardForm } from "./SavedCardForm";
import { adoptStyles } from "../../shared/adopt-styles";
import styles from "./saved-cards.css?inline";

adoptStyles(styles);

/**
 * The card tab of a customer with saved cards: the list first, the ordinary card form one click away
 * ("Use another card"), and the list one click away again.
 */
export function SavedCardsMethod(props: MethodProps) {
  return useChunkMessages(SAVED_CARD_CATALOGS) ? <SavedCards {...props} /> : <Loading />;
}

function SavedCards(props: MethodProps) {
  const { t } = useI18n();
  const cards = props.checkout.savedCards ?? [];
  const another = useSignal(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const switched = useRef(false);

  useEffect(() => {
    // After switching, the focus stays on the switch (it is the same button, with its other label).
    if (switched.current) toggle.current?.focus();
  }, [another.value]);

  return (
    <WithChallenge {...props}>
      {(challenge) => (
        <div class="saved-cards-method">
          {another.value ? (
            <TypedCardForm {...props} challenge={challenge} />
          ) : (
            <SavedCardForm
              checkout={props.checkout}
              cards={cards}
              pay={(registrationId, cvc) => payWithSavedCard(props.client, { registrationId, cvc })}
              onFinal={props.onFinal}
              onClosed={props.onClosed}
              onChallenge={challenge.onChallenge}
              initialAlert={challenge.alert}
            />
          )}
          <button
            type="button"
            class="secondary"
            ref={toggle}
            onClick={() => {
              switched.current = true;
              another.value = !another.value;
            }}
          >
            {t(another.value ? "useSavedCard" : "useAnotherCard")}
          </button>
        </div>
      )}
    </WithChallenge>
  );
}
