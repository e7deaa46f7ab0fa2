import { useChunkMessages } from "../../i18n/use-chunk-messages";
import { Loading } from "../../shared/Loading";
import type { MethodProps } from "../method";
import { mbwayApi } from "./mbway-api";
import { MbwayPayment } from "./MbwayPayment";
import { MBWAY_CATALOGS } from "./messages";

/** The registry's MB WAY form: the phone form and the wait, on this checkout's API, once its texts are here. */
export function MbwayMethod({ client, ...props }: MethodProps) {
  if (!useChunkMessages(MBWAY_CATALOGS)) return <Loading />;
  return <MbwayPayment {...props} api={mbwayApi(client)} />;
}
