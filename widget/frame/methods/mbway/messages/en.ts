import type { MbwayMessages } from "../../../i18n/messages";

export const en: MbwayMessages = {
  countryCode: "Country code",
  phone: "Phone number",
  phoneHint: "Mobile number, e.g. {example}",
  phoneRequired: "Enter your phone number.",
  phoneInvalid: "Enter a valid mobile number for this country.",
  countryInvalid: "Choose a country code.",
  mbwaySaveNotice: "Your MB WAY number will be saved for future payments.",
  awaitTitle: "Approve the payment in MB WAY",
  awaitText: "Open the MB WAY app on your phone and approve the payment of {amount}.",
  sentTo: "Request sent to {phone}.",
  timeLeft: "Time left to approve: {time}",
  cancel: "Cancel",
  cancelled: "The MB WAY request was cancelled.",
};
