import type { Insertable, Updateable } from "kysely";
import type { Executor } from "../database";
import type { KycRecordsTable } from "../tables/kyc-records";

export const insertKycRecord = (db: Executor, row: Insertable<KycRecordsTable>) =>
  db.insertInto("kyc_records").values(row).returningAll().executeTakeFirstOrThrow();

export const updateKycRecord = (db: Executor, id: number, changes: Updateable<KycRecordsTable>) =>
  db.updateTable("kyc_records").set(changes).where("id", "=", id).returningAll().executeTakeFirstOrThrow();

/** The user's newest record: their real-name state. */
export const latestKycRecord = (db: Executor, userId: number) =>
  db.selectFrom("kyc_records").selectAll().where("user_id", "=", userId).orderBy("id", "desc").limit(1).executeTakeFirst();

export const lockKycRecord = (db: Executor, id: number) =>
  db.selectFrom("kyc_records").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();

export const listPendingKycRecords = (db: Executor, limit: number) =>
  db
    .selectFrom("kyc_records")
    .innerJoin("users", "users.id", "kyc_records.user_id")
    .selectAll("kyc_records")
    .select(["users.phone as user_phone"])
    .where("kyc_records.status", "=", 1)
    .orderBy("kyc_records.id")
    .limit(limit)
    .execute();
