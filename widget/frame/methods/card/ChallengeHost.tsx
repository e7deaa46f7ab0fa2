import type { Challenge, FrameCheckout, PaymentOutcome } from "@contract/frame";
import { useEffect, useRef } from "preact/hooks";
import type { CheckoutClient } from "../../api/frame-api";
import { loadChallengeView } from "../../challenge";
import { useI18n } from "../../i18n/I18nContext";

export interface ChallengeHostProps {
  challenge: Challenge;
  client: CheckoutClient;
  onOutcome: (outcome: PaymentOutcome, checkout?: FrameCheckout) => void;
  onFailure: (closed: boolean) => void;
}

/** Where the 3-D Secure challenge screen (a chunk of its own, challenge/) is shown. */
export function ChallengeHost({ challenge, client, onOutcome, onFailure }: ChallengeHostProps) {
  const { t, language } = useI18n();
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let remove: (() => void) | undefined;
    let current = true;
    loadChallengeView().then(
      ({ runChallenge }) => {
        if (!current || !container.current) return;
        remove = runChallenge(container.current, {
          url: `${challenge.url}?lang=${language}`,
          title: t("challengeTitle"),
          text: t("challengeText"),
          client,
          onOutcome,
          onFailure,
        });
      },
      () => current && onFailure(false),
    );
    return () => {
      current = false;
      remove?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one issuer page per challenge; the callbacks close it
  }, [challenge.url]);
  return <div ref={container} />;
}
