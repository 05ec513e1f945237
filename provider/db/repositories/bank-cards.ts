import type { Executor } from "../database";
import { countRows, rowsOf, waitingRows } from "./common";
import type { BankCardStatus } from "../tables/bank-cards";

export const {
  insert: insertBankCard,
  update: updateBankCard,
  lock: lockBankCard,
  find: findBankCard,
} = rowsOf("bank_cards");

export const listBankCards = (db: Executor, userId: number, status?: BankCardStatus) => {
  let q = db.selectFrom("bank_cards").selectAll().where("user_id", "=", userId);
  if (status !== undefined) q = q.where("status", "=", status);
  return q.orderBy("id", "desc").execute();
};

export const countBankCards = (db: Executor, userId: number) =>
  countRows(db.selectFrom("bank_cards").where("user_id", "=", userId));

/** The user's card by id (undefined for someone else's), row-locked. */
export const lockUserBankCard = (db: Executor, userId: number, id: number) =>
  db
    .selectFrom("bank_cards")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .forUpdate()
    .executeTakeFirst();

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
  waitingRows(db, "bank_cards", { status: 0 }, limit);
