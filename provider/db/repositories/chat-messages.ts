import { sql, type Insertable } from "kysely";
import type { Executor } from "../database";
import type { ChatMessagesTable } from "../tables/chat-messages";

export const insertChatMessage = (db: Executor, row: Insertable<ChatMessagesTable>) =>
  db.insertInto("chat_messages").values(row).returningAll().executeTakeFirstOrThrow();

/** The customer's conversation, newest first. */
export async function listChatMessages(db: Executor, userId: number, offset: number, limit: number) {
  const base = db.selectFrom("chat_messages").where("user_id", "=", userId);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy("id", "desc").offset(offset).limit(limit).execute(),
    base.select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

/** Marks the operator's replies up to `upToId` read; returns how many changed. */
export async function markOperatorMessagesRead(db: Executor, userId: number, upToId: number, now: Date) {
  const result = await db
    .updateTable("chat_messages")
    .set({ read_at: now })
    .where("user_id", "=", userId)
    .where("sender", "=", "operator")
    .where("read_at", "is", null)
    .where("id", "<=", upToId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export const countUnreadOperatorMessages = async (db: Executor, userId: number) =>
  Number(
    (
      await db
        .selectFrom("chat_messages")
        .select(sql<number>`count(*)::int`.as("count"))
        .where("user_id", "=", userId)
        .where("sender", "=", "operator")
        .where("read_at", "is", null)
        .executeTakeFirstOrThrow()
    ).count,
  );

export const countCustomerMessagesSince = async (db: Executor, userId: number, since: Date) =>
  Number(
    (
      await db
        .selectFrom("chat_messages")
        .select(sql<number>`count(*)::int`.as("count"))
        .where("user_id", "=", userId)
        .where("sender", "=", "customer")
        .where("created_at", ">", since)
        .executeTakeFirstOrThrow()
    ).count,
  );

export const countChatMessages = async (db: Executor, userId: number) =>
  Number(
    (
      await db
        .selectFrom("chat_messages")
        .select(sql<number>`count(*)::int`.as("count"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow()
    ).count,
  );

/** Conversations whose newest message is the customer's (waiting for a reply), oldest first, with the phone. */
export const waitingConversations = (db: Executor, limit = 100) =>
  db
    .selectFrom("chat_messages as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["m.id", "m.user_id", "u.phone as user", "m.content", "m.created_at"])
    .where("m.sender", "=", "customer")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("chat_messages as later")
            .select("later.id")
            .whereRef("later.user_id", "=", "m.user_id")
            .whereRef("later.id", ">", "m.id"),
        ),
      ),
    )
    .orderBy("m.id")
    .limit(limit)
    .execute();
