import type { DeclineReason } from "@contract/checkouts";
import type { Translator } from "../i18n/i18n";
import type { MessageKey } from "../i18n/messages";

const REASONS: Partial<Record<DeclineReason, MessageKey>> = {
  card_declined: "declined_card_declined",
  insufficient_funds: "declined_insufficient_funds",
  expired_card: "declined_expired_card",
  not_a_test_card: "declined_not_a_test_card",
  mbway_declined: "declined_mbway_declined",
  mbway_timeout: "mbwayTimeout",
};

/** What to tell the shopper about a decline, card or MB WAY. */
export function declineMessageKey(reason: DeclineReason | undefined): MessageKey {
  return (reason && REASONS[reason]) || "declined_other";
}

/** A decline that leaves attempts: its reason and how many attempts are left. */
export function declineAlert(
  t: Translator["t"],
  reason: DeclineReason | undefined,
  attemptsLeft: number,
): string {
  return `${t(declineMessageKey(reason))} ${t("attemptsLeft", { n: attemptsLeft })}`;
}
