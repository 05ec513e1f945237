import { sql } from "kysely";

import type { Executor } from "../database";
import { compiledOnce } from "./common";
import type { NewUser } from "../tables/users";

export const findUserByPhone = (db: Executor, phone: string) =>
  db.selectFrom("users").selectAll().where("phone", "=", phone).executeTakeFirst();

/** Read on every balance and account poll: compiled once. */
const userById = compiledOnce((db: Executor, id: number) => db.selectFrom("users").selectAll().where("id", "=", id));
export const findUserById = async (db: Executor, id: number) => (await userById(db, id))[0];

/** Locks the account row until the transaction ends: every balance change goes through here. */
export const lockUser = (db: Executor, id: number) =>
  db.selectFrom("users").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();

export const insertUser = (db: Executor, user: NewUser) =>
  db.insertInto("users").values(user).returningAll().executeTakeFirstOrThrow();

export const updatePasswordHash = (db: Executor, id: number, passwordHash: string, now: Date) =>
  db.updateTable("users").set({ password_hash: passwordHash, updated_at: now }).where("id", "=", id).execute();

/** The balance as stored now (a User object read earlier in the request may be stale). */
export const findMoney = async (db: Executor, id: number): Promise<string | undefined> =>
  (await db.selectFrom("users").select("money").where("id", "=", id).executeTakeFirst())?.money;

/** Outstanding loan (users.loan); call with the account row locked, in the transaction that moves the money. */
export const setLoanBalance = (db: Executor, id: number, loan: string, now: Date) =>
  db.updateTable("users").set({ loan, updated_at: now }).where("id", "=", id).execute();

/** One of the customer's own settings in `users.settings` (docs/decisions/0500): its stored string, or null to remove it. */
export const setCustomerSetting = (db: Executor, id: number, name: string, value: string | null, now: Date) =>
  db
    .updateTable("users")
    .set({
      settings:
        value === null
          ? sql<Partial<Record<string, string>>>`settings - ${name}::text`
          : sql<Partial<Record<string, string>>>`settings || jsonb_build_object(${name}::text, ${value}::text)`,
      updated_at: now,
    })
    .where("id", "=", id)
    .execute();
