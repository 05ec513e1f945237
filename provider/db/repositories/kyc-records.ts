import type { Executor } from "../database";
import { rowsOf, waitingRows } from "./common";

export const { insert: insertKycRecord, update: updateKycRecord, lock: lockKycRecord } = rowsOf("kyc_records");

/** The user's newest record: their real-name state. */
export const latestKycRecord = (db: Executor, userId: number) =>
  db
    .selectFrom("kyc_records")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();

export const listPendingKycRecords = (db: Executor, limit: number) =>
  waitingRows(db, "kyc_records", { status: 1 }, limit);
