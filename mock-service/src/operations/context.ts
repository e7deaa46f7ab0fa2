import type { Config } from "../config";
import type { Db } from "../store/db";

/** What every operation needs: the store and the configuration read at start. */
export interface Ctx {
  db: Db;
  config: Config;
  /** Wakes the notifier when an event was written, so deliveries go out without waiting for a poll. */
  notify: () => void;
}
