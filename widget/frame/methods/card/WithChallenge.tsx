import type { Challenge } from "@contract/frame";
import { useSignal } from "../../utils/signals";
import type { ComponentChildren } from "preact";
import { useEffect } from "preact/hooks";
import { useI18n } from "../../i18n/I18nContext";
import { declineAlert } from "../../shared/decline-message";
import type { MethodProps } from "../method";
import { ChallengeHost } from "./ChallengeHost";

/** What a card form needs from the challenge around it. */
export interface ChallengeHooks {
  /** The service asked for 3-D Secure: the challenge replaces the form. */
  onChallenge: (challenge: Challenge) => void;
  /** Why the last challenge did not pay (shown by the form that comes back). */
  alert: string | undefined;
}

export type WithChallengeProps = MethodProps & { children: (hooks: ChallengeHooks) => ComponentChildren };

/**
 * A card form (typed or saved) and, when the issuer asks for it, its 3-D Secure challenge. The method
 * choice is locked while the challenge is open; a reloaded frame opens on the open challenge again.
 */
export function WithChallenge(props: WithChallengeProps) {
  const { checkout, client, onFinal, onClosed, onWaitingChange } = props;
  const { t } = useI18n();
  const challenge = useSignal<Challenge | undefined>(checkout.challenge);
  const alert = useSignal<string | undefined>(undefined);

  useEffect(() => {
    if (checkout.challenge) onWaitingChange(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once: a reloaded frame reopens its challenge
  }, []);

  const close = () => {
    challenge.value = undefined;
    onWaitingChange(false);
  };

  if (challenge.value) {
    return (
      <ChallengeHost
        challenge={challenge.value}
        client={client}
        onOutcome={(outcome, current) => {
          close();
          if (outcome.approved || outcome.state !== "PaymentReady") return onFinal(outcome, current);
          alert.value = declineAlert(t, outcome.reason, outcome.attemptsLeft);
        }}
        onFailure={(closed) => {
          close();
          if (closed) return onClosed();
          alert.value = t("payFailed");
        }}
      />
    );
  }
  return props.children({
    alert: alert.value,
    onChallenge: (next) => {
      alert.value = undefined;
      challenge.value = next;
      onWaitingChange(true);
    },
  });
}
