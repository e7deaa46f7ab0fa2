import type { PaymentMethod } from "../method";

/** Multibanco: a voucher to pay at an ATM or in a bank's app; a chunk of its own, loaded when offered. */
export const multibanco: PaymentMethod = {
  code: "MB",
  labelKey: "methodMultibanco",
  titleKey: "multibancoTitle",
  resumes: (checkout) => !!checkout.multibanco,
  load: () => import("./MultibancoMethod").then((module) => module.MultibancoMethod),
};
