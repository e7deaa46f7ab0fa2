import { useSignal } from "../../utils/signals";
import { useEffect, useRef } from "preact/hooks";
import { useI18n } from "../../i18n/I18nContext";
import { useChunkMessages } from "../../i18n/use-chunk-messages";
import { Loading } from "../../shared/Loading";
import { payWithCard } from "../card/card-api";
import { CardForm } from "../card/CardForm";
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
      {({ onChallenge, alert }) => (
        <div class="saved-cards-method">
          {another.value ? (
            <CardForm
              checkout={props.checkout}
              pay={(request) => payWithCard(props.client, request)}
              onFinal={props.onFinal}
              onClosed={props.onClosed}
              onChallenge={onChallenge}
              initialAlert={alert}
            />
          ) : (
            <SavedCardForm
              checkout={props.checkout}
              cards={cards}
              pay={(registrationId, cvc) => payWithSavedCard(props.client, { registrationId, cvc })}
              onFinal={props.onFinal}
              onClosed={props.onClosed}
              onChallenge={onChallenge}
              initialAlert={alert}
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
