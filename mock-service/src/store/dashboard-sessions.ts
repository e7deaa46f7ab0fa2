import type { Selectable } from "kysely";
import type { Db } from "./db";
import type { DashboardSessionTable } from "./schema";

export type DashboardSessionRow = Selectable<DashboardSessionTable>;

export async function insertDashboardSession(db: Db, row: DashboardSessionRow): Promise<void> {
  await db.insertInto("dashboard_sessions").values(row).execute();
}

/** The session with this id hash, if it has not expired at `nowMs`. */
export async function findLiveDashboardSession(
  db: Db,
  idHash: string,
  nowMs: number,
): Promise<DashboardSessionRow | undefined> {
  return db
    .selectFrom("dashboard_sessions")
    .selectAll()
    .where("id_hash", "=", idHash)
    .where("expires_ms", ">", nowMs)
    .executeTakeFirst();
}

export async function deleteDashboardSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom("dashboard_sessions").where("id_hash", "=", idHash).execute();
}

export async function deleteExpiredDashboardSessions(db: Db, nowMs: number): Promise<number> {
  const result = await db
    .deleteFrom("dashboard_sessions")
    .where("expires_ms", "<=", nowMs)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
