import type { AttemptMethod, AttemptResult, AuthenticationStep, TimelineEntry } from "../../contract";
import { formatMoney, formatTime } from "../format";
import type { MessageKey } from "../i18n/en";
import { t } from "../i18n/i18n";

const ATTEMPT_METHODS: Record<AttemptMethod, MessageKey> = {
  card: "byCard",
  savedCard: "bySavedCard",
  mbway: "byMbway",
  multibanco: "byMultibanco",
};

const ATTEMPT_RESULTS: Record<AttemptResult, MessageKey> = {
  approved: "tlAttemptApproved",
  declined: "tlAttemptDeclined",
  timedOut: "tlAttemptTimedOut",
};

const AUTHENTICATION_STEPS: Record<AuthenticationStep, MessageKey> = {
  challengeRequired: "tlChallengeRequired",
  challengeCompleted: "tlChallengeCompleted",
  challengeFailed: "tlChallengeFailed",
  challengeTimedOut: "tlChallengeTimedOut",
};

/** What one entry says, in the chosen language; decline reasons stay as the API's codes. */
function describe(entry: TimelineEntry): string {
  switch (entry.kind) {
    case "created":
      return t("tlCreated");
    case "attempt":
      return t(ATTEMPT_RESULTS[entry.result], {
        number: entry.number,
        method: t(ATTEMPT_METHODS[entry.method]),
      });
    case "authentication":
      return t(AUTHENTICATION_STEPS[entry.step], { method: t(ATTEMPT_METHODS[entry.method]) });
    case "mbwayWaiting":
      return t("tlMbwayWaiting");
    case "mbwayCancelled":
      return t("tlMbwayCancelled");
    case "voucherIssued":
      return t("tlVoucherIssued");
    case "confirmed":
      return t("tlConfirmed");
    case "declined":
      return t("tlDeclined");
    case "expired":
      return t("tlExpired");
    case "refunded":
      return t("tlRefunded", { amount: formatMoney(entry.amount), id: entry.refundId });
    case "event":
      return t("tlEvent", { type: entry.eventType });
  }
}

function reasonOf(entry: TimelineEntry): string | undefined {
  return "reason" in entry ? entry.reason : undefined;
}

/** A payment's timeline, oldest first. */
export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <ol class="timeline">
      {entries.map((entry, index) => {
        const reason = reasonOf(entry);
        return (
          <li key={index} class={`tl-${entry.kind}`}>
            <span class="when">{formatTime(entry.at)}</span>{" "}
            <span>
              {describe(entry)}
              {reason && ` (${t("reasonLabel", { reason })})`}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
