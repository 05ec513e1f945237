import { sql, type Insertable } from "kysely";

import type { Executor } from "../database";
import { compiledOnce, countRows, pageOf, rowsOf, updateWhere } from "./common";
import type { ChatMessagesTable } from "../tables/chat-messages";

export const { insert: insertChatMessage } = rowsOf("chat_messages");

/** Several messages in one insert (fired price alerts). */
export const insertChatMessages = (db: Executor, rows: Insertable<ChatMessagesTable>[]) =>
  db.insertInto("chat_messages").values(rows).execute();

/** The customer's messages (every sender). */
const messagesOf = (db: Executor, userId: number) => db.selectFrom("chat_messages").where("user_id", "=", userId);

/** The customer's conversation, newest first. */
export const listChatMessages = (db: Executor, userId: number, offset: number, limit: number) =>
  pageOf(messagesOf(db, userId), (q) => q.selectAll().orderBy("id", "desc"), { offset, limit });

/** What the customer reads as unread until they open the conversation: operator replies and service alerts. */
const FROM_US = ["operator", "service"] as const;

/** Marks the operator's replies and the service's alerts up to `upToId` read; returns how many changed. */
export const markOperatorMessagesRead = (db: Executor, userId: number, upToId: number, now: Date) =>
  updateWhere(db, "chat_messages", { read_at: now }, { user_id: userId, read_at: null }, (eb) =>
    eb.and([eb("sender", "in", FROM_US), eb("id", "<=", upToId)]),
  );

/** The unread count the header polls every 10 s: compiled once. */
const unreadOperatorMessages = compiledOnce((db: Executor, userId: number) =>
  messagesOf(db, userId)
    .where("sender", "in", FROM_US)
    .where("read_at", "is", null)
    .select(sql<number>`count(*)::int`.as("count")),
);
export const countUnreadOperatorMessages = async (db: Executor, userId: number) =>
  Number((await unreadOperatorMessages(db, userId))[0].count);

export const countCustomerMessagesSince = (db: Executor, userId: number, since: Date) =>
  countRows(messagesOf(db, userId).where("sender", "=", "customer").where("created_at", ">", since));

export const countChatMessages = (db: Executor, userId: number) => countRows(messagesOf(db, userId));

/** Whether the service left the customer an alert of `code` after `since`. */
export async function hasAlertSince(db: Executor, userId: number, code: string, since: Date) {
  const row = await messagesOf(db, userId)
    .select("id")
    .where("sender", "=", "service")
    .where("alert_code", "=", code)
    .where("created_at", ">", since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Conversations whose newest message is the customer's (waiting for a reply), oldest first, with the phone. Service
 * alerts answer nothing: a question followed by an alert still waits.
 */
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
            .whereRef("later.id", ">", "m.id")
            .where("later.sender", "<>", "service"),
        ),
      ),
    )
    .orderBy("m.id")
    .limit(limit)
    .execute();
