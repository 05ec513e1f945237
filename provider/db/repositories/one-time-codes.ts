import type { Insertable } from "kysely";

import type { Executor } from "../database";
import { updateWhere } from "./common";
import type { OneTimeCodesTable } from "../tables/one-time-codes";

export const RESET_PURPOSE = "password_reset";

export const latestCodeForPhone = (db: Executor, phone: string, purpose: string) =>
  db
    .selectFrom("one_time_codes")
    .selectAll()
    .where("phone", "=", phone)
    .where("purpose", "=", purpose)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();

export const insertOneTimeCode = (db: Executor, row: Insertable<OneTimeCodesTable>) =>
  db.insertInto("one_time_codes").values(row).returningAll().executeTakeFirstOrThrow();

export const countWrongAttempt = (db: Executor, id: number) =>
  db
    .updateTable("one_time_codes")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .execute();

/** Uses the code once; false when another request used it first. */
export const markCodeUsed = async (db: Executor, id: number, now: Date) =>
  (await updateWhere(db, "one_time_codes", { used_at: now }, { id, used_at: null })) === 1;

/** Newest unused, unexpired code for a registered phone, with its text from the SMS outbox (operator use). */
export const latestDeliveredCode = (db: Executor, phone: string, now: Date) =>
  db
    .selectFrom("one_time_codes as c")
    .innerJoin("sms_outbox as o", "o.one_time_code_id", "c.id")
    .select(["c.phone", "o.code", "c.expires_at"])
    .where("c.phone", "=", phone)
    .where("c.used_at", "is", null)
    .where("c.expires_at", ">", now)
    .orderBy("c.id", "desc")
    .limit(1)
    .executeTakeFirst();
