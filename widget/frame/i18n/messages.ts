/** Every text the frame shows. Each language's catalog must define all of them. */
export interface Messages {
  /** BCP 47 locale used for numbers and amounts, e.g. `pt-PT` so that 5 € reads `5,00 €`. */
  locale: string;
  title: string;
  holder: string;
  number: string;
  expiry: string;
  expiryHint: string;
  cvc: string;
  cvcHint: string;
  pay: string;
  processing: string;
  saveNotice: string;
  holderRequired: string;
  numberRequired: string;
  numberUnknown: string;
  numberInvalid: string;
  expiryRequired: string;
  expiryInvalid: string;
  expiryPast: string;
  expiryTooFar: string;
  cvcRequired: string;
  cvcLength: string;
  fixErrors: string;
  declined_card_declined: string;
  declined_insufficient_funds: string;
  declined_expired_card: string;
  declined_not_a_test_card: string;
  declined_other: string;
  attemptsLeft: string;
  paidTitle: string;
  paidText: string;
  declinedTitle: string;
  declinedText: string;
  redirecting: string;
  unknownTitle: string;
  unknownText: string;
  expiredTitle: string;
  expiredText: string;
  alreadyPaidTitle: string;
  alreadyPaidText: string;
  closedText: string;
  loadFailed: string;
  payFailed: string;
  rateLimited: string;
  noMethod: string;
}

export type MessageKey = Exclude<keyof Messages, "locale">;
export type MessageParams = Record<string, string | number>;
