import { sql, type Insertable, type Updateable } from "kysely";
import type { Executor } from "../database";
import type { BankCardStatus, BankCardsTable } from "../tables/bank-cards";

export const insertBankCard = (db: Executor, row: Insertable<BankCardsTable>) =>
  db.insertInto("bank_cards").values(row).returningAll().executeTakeFirstOrThrow();

export const updateBankCard = (db: Executor, id: number, changes: Updateable<BankCardsTable>) =>
  db.updateTable("bank_cards").set(changes).where("id", "=", id).returningAll().executeTakeFirstOrThrow();

export const listBankCards = (db: Executor, userId: number, status?: BankCardStatus) => {
  let q = db.selectFrom("bank_cards").selectAll().where("user_id", "=", userId);
  if (status !== undefined) q = q.where("status", "=", status);
  return q.orderBy("id", "desc").execute();
};

export const countBankCards = async (db: Executor, userId: number) =>
  Number(
    (
      await db
        .selectFrom("bank_cards")
        .select(sql<number>`count(*)::int`.as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The user's card by id (undefined for someone else's), row-locked. */
export const lockUserBankCard = (db: Executor, userId: number, id: number) =>
  db.selectFrom("bank_cards").selectAll().where("id", "=", id).where("user_id", "=", userId).forUpdate().executeTakeFirst();

export const lockBankCard = (db: Executor, id: number) =>
  db.selectFrom("bank_cards").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();

export const findBankCard = (db: Executor, id: number) =>
  db.selectFrom("bank_cards").selectAll().where("id", "=", id).executeTakeFirst();

/** Another card of the user with the same number that is not rejected (duplicates are refused). */
export const findLiveCardByNumber = (db: Executor, userId: number, bankCard: string, exceptId?: number) => {
  let q = db
    .selectFrom("bank_cards")
    .select("id")
    .where("user_id", "=", userId)
    .where("bank_card", "=", bankCard)
    .where("status", "<>", 2);
  if (exceptId !== undefined) q = q.where("id", "<>", exceptId);
  return q.executeTakeFirst();
};

export const listPendingBankCards = (db: Executor, limit: number) =>
  db
    .selectFrom("bank_cards")
    .innerJoin("users", "users.id", "bank_cards.user_id")
    .selectAll("bank_cards")
    .select(["users.phone as user_phone"])
    .where("bank_cards.status", "=", 0)
    .orderBy("bank_cards.id")
    .limit(limit)
    .execute();
