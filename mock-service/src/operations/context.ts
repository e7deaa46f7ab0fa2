import type { Config } from "../config";
import type { Db } from "../store/db";
import type { Durability } from "../store/group-commit";

/** What every operation needs: the store and the configuration read at start. */
export interface Ctx {
  db: Db;
  /** When what was written (or read) through `db` is durable: no answer may report it before. */
  durability: Durability;
  config: Config;
  /** Wakes the notifier when an event was written, so deliveries go out without waiting for a poll. */
  notify: () => void;
}
