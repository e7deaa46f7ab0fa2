import type { PaymentMethod } from "../method";

/** MB WAY: its code is a chunk of its own, downloaded only by a checkout that offers it. */
export const mbway: PaymentMethod = {
  code: "MW",
  labelKey: "methodMbway",
  titleKey: "mbwayTitle",
  resumes: (checkout) => !!checkout.mbway?.expiresAt,
  load: () => import("./MbwayMethod").then((module) => module.MbwayMethod),
};
