import type { MethodProps } from "../method";
import { mbwayApi } from "./mbway-api";
import { MbwayPayment } from "./MbwayPayment";

/** The registry's MB WAY form: the phone form and the wait, on this checkout's API. */
export function MbwayMethod({ client, ...props }: MethodProps) {
  return <MbwayPayment {...props} api={mbwayApi(client)} />;
}
