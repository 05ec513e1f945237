import {
  countCustomerMessagesSince,
  countUnreadOperatorMessages,
  insertChatMessage,
  listChatMessages,
  markOperatorMessagesRead,
  waitingConversations,
} from "../db/repositories/chat-messages";
import { findUserByPhone, lockUser } from "../db/repositories/users";
import type { ChatMessage, ChatSender } from "../db/tables/chat-messages";
import { invalidInput, ProviderError } from "../errors";
import { alertOf } from "./alerts";
import type { ProductDeps } from "./products-common";
import { configDecimal, SUPPORT_URL } from "./wallet";
import { replayOrRun, walletFingerprint } from "./wallet-idempotency";

/*
 * Customer-service chat (docs/decisions/0134): one conversation per customer. The customer writes, the operator
 * replies (`npm run operator -- reply <phone> <text>`); a reply counts as unread until the customer reads the
 * conversation. Text is stored as typed (plain text: the app escapes it when rendering). The service leaves alerts
 * in the same conversation (services/alerts.ts, docs/decisions/0272), unread like replies.
 */

export const MESSAGE_MAX_CHARS = 1000;
/** A brake on a flooding client, not a business rule: messages per customer per minute. */
export const MESSAGES_PER_MINUTE = 10;

export function messageRow(m: ChatMessage) {
  return {
    id: m.id,
    sender: m.sender,
    content: m.content,
    read: m.sender === "customer" || m.read_at !== null,
    created_at: m.created_at.toISOString(),
    alert: alertOf(m),
  };
}

/** 1..1000 characters (code points) after trimming; NUL is refused earlier, by readBody. */
export function messageText(raw: string, field = "content"): string {
  const text = raw.trim();
  const length = [...text].length;
  if (length < 1 || length > MESSAGE_MAX_CHARS) throw invalidInput(field, `1 to ${MESSAGE_MAX_CHARS} characters`);
  return text;
}

export function createChat(deps: ProductDeps) {
  const { db, now } = deps;

  /**
   * GET /kefu: the support link, and whether the in-app chat is on (config chat_enabled). With `unread` and the chat on,
   * the unread count too, so the support button needs one call (`?unread=1`, docs/decisions/0540).
   */
  async function supportLink(userId: number, options: { unread?: boolean } = {}) {
    const chatEnabled = (await configDecimal(db, "chat_enabled", deps)).greaterThan(0);
    const link = { url: SUPPORT_URL, chat_enabled: chatEnabled };
    return options.unread && chatEnabled ? { ...link, ...(await unreadCount(userId)) } : link;
  }

  /** The conversation, newest first; reading it marks the operator's replies shown (and older ones) read. */
  async function list(userId: number, q: { page: number; limit: number }) {
    const { rows, count } = await listChatMessages(db, userId, (q.page - 1) * q.limit, q.limit);
    if (rows.length > 0) await markOperatorMessagesRead(db, userId, rows[0].id, now());
    return { rows: rows.map(messageRow), count };
  }

  async function write(userId: number, sender: ChatSender, content: string) {
    return messageRow(await insertChatMessage(db, { user_id: userId, sender, content, created_at: now() }));
  }

  /**
   * A customer's message. The idempotency key makes a resend after a lost reply safe: the same key and text replay
   * the first reply (one message), the same key with another text is invalid_input (docs/decisions/0015).
   */
  async function send(userId: number, input: { content: string; idempotencyKey: string }) {
    const text = messageText(input.content);
    return db.transaction().execute(async (trx) => {
      await lockUser(trx, userId);
      const at = now();
      const fingerprint = walletFingerprint(["chat_send", text]);
      return replayOrRun(trx, { userId, key: input.idempotencyKey, fingerprint, at }, async () => {
        if ((await countCustomerMessagesSince(trx, userId, new Date(at.getTime() - 60_000))) >= MESSAGES_PER_MINUTE) {
          throw new ProviderError("too_many_requests", `at most ${MESSAGES_PER_MINUTE} messages a minute`, "content");
        }
        return messageRow(
          await insertChatMessage(trx, { user_id: userId, sender: "customer", content: text, created_at: at }),
        );
      });
    });
  }

  async function unreadCount(userId: number) {
    return { unread_count: await countUnreadOperatorMessages(db, userId) };
  }

  // ---- operator -------------------------------------------------------------------------------------------

  async function customerByPhone(phone: string) {
    const user = await findUserByPhone(db, phone);
    if (!user) throw new ProviderError("not_found", "no such customer", "user");
    return user;
  }

  async function reply(phone: string, content: string) {
    const user = await customerByPhone(phone);
    return { user: user.phone, ...(await write(user.id, "operator", messageText(content))) };
  }

  /** The whole conversation for the operator, oldest first (reading it marks nothing). */
  async function conversation(phone: string) {
    const user = await customerByPhone(phone);
    const { rows } = await listChatMessages(db, user.id, 0, 200);
    return { user: user.phone, rows: rows.reverse().map(messageRow) };
  }

  /** Conversations whose newest message is the customer's. */
  async function waiting() {
    return (await waitingConversations(db)).map((m) => ({
      id: m.id,
      user: m.user,
      content: m.content,
      created_at: m.created_at.toISOString(),
    }));
  }

  return { supportLink, list, send, unreadCount, reply, conversation, waiting };
}

export type Chat = ReturnType<typeof createChat>;
