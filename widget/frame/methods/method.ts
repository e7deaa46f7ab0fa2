import type { PaymentMethodCode } from "@contract/checkouts";
import type { FrameCheckout, PaymentOutcome } from "@contract/frame";
import type { ComponentType } from "preact";
import type { CheckoutClient } from "../api/frame-api";
import type { MessageKey } from "../i18n/messages";

/** What every payment method's component is given: the same props for all of them. */
export interface MethodProps {
  checkout: FrameCheckout;
  /** The service's frame API for this checkout. */
  client: CheckoutClient;
  /** The payment is over: approved, or declined with no attempts left, or the checkout closed. */
  onFinal: (outcome: PaymentOutcome) => void;
  /** The checkout turned out to be closed or gone: the app reloads it and shows why. */
  onClosed: () => void;
  /** True while the payment waits outside the form (the shopper's app): the method choice locks. */
  onWaitingChange: (waiting: boolean) => void;
}

export type MethodComponent = ComponentType<MethodProps>;

/**
 * One payment method of the frame, exported by its folder (`methods/<name>/index.ts`). Its form is
 * either in the frame's entry (`Component`) or in a chunk of its own that only a checkout offering it
 * downloads (`load`).
 */
export type PaymentMethod = {
  code: PaymentMethodCode;
  /** Its tab's label. */
  labelKey: MessageKey;
  /** The frame's title when the checkout offers this method alone. */
  titleKey: MessageKey;
  /** A payment with this method already waits (the frame was reloaded): open on it, locked. */
  resumes?: (checkout: FrameCheckout) => boolean;
} & (
  | { Component: MethodComponent; load?: undefined }
  | { load: () => Promise<MethodComponent>; Component?: undefined }
);
