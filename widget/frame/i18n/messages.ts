/**
 * The texts of the frame's entry (the page embeds their catalog). Each language's catalog must define
 * all of them. A lazy chunk's texts are its own catalogs, loaded with it (`useChunkMessages`).
 */
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
  brandNotAccepted: string;
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
  redirecting: string;
  unknownTitle: string;
  unknownText: string;
  expiredTitle: string;
  expiredText: string;
  /** A Multibanco voucher the shopper saw expired unpaid. */
  voucherExpiredText: string;
  alreadyPaidTitle: string;
  alreadyPaidText: string;
  closedText: string;
  loadFailed: string;
  payFailed: string;
  rateLimited: string;
  noMethod: string;
  methods: string;
  methodCard: string;
  methodMbway: string;
  titleChoice: string;
  mbwayTitle: string;
  declined_mbway_declined: string;
  mbwayTimeout: string;
  challengeTitle: string;
  challengeText: string;
  authenticationFailed: string;
  authenticationRequired: string;
  methodMultibanco: string;
  multibancoTitle: string;
  voucherText: string;
  paymentReceived: string;
  pendingTitle: string;
}

/** MB WAY's form and wait screen (methods/mbway/messages/). */
export interface MbwayMessages {
  countryCode: string;
  phone: string;
  phoneHint: string;
  phoneRequired: string;
  phoneInvalid: string;
  countryInvalid: string;
  mbwaySaveNotice: string;
  awaitTitle: string;
  awaitText: string;
  sentTo: string;
  timeLeft: string;
  cancel: string;
  cancelled: string;
}

/** The saved cards' form (methods/saved-cards/messages/). */
export interface SavedCardMessages {
  savedCards: string;
  savedCardExpiry: string;
  useAnotherCard: string;
  useSavedCard: string;
}

/** Multibanco's request and voucher (methods/multibanco/messages/). */
export interface MultibancoMessages {
  multibancoIntro: string;
  multibancoGet: string;
  voucherTitle: string;
  entity: string;
  reference: string;
  amount: string;
  payBy: string;
  copyValue: string;
  copy: string;
  copied: string;
  print: string;
  continue: string;
}

/** Every text the frame shows: its entry's and its lazy chunks'. */
export type MessageKey =
  | Exclude<keyof Messages, "locale">
  | keyof MbwayMessages
  | keyof SavedCardMessages
  | keyof MultibancoMessages;
/** A lazy chunk's catalog in one language. */
export type ChunkMessages = Partial<Record<MessageKey, string>>;
export type MessageParams = Record<string, string | number>;
