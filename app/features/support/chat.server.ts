/**
 * Customer-service chat, shared by the chat screen and its poll (docs/product.md#support,
 * docs/decisions/0142-chat-plain-post-poll-and-cache.md): the send form's schema (server side; the browser gets
 * `getZodConstraint` through the loader, decision 0006) and the conversation as the screen shows it.
 */
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";

import { IDEMPOTENCY_KEY } from "~/forms/idempotency";
import type { TFunction } from "~/i18n/react";
import type { ProviderContext } from "~/provider/core.server";
import { chatMessage, listChatMessages, type ChatMessage } from "~/provider/support.server";
import { formConstraint, type FormConstraint } from "~/utils/form-constraint.server";

import { MESSAGE_MAX_LENGTH } from "./message";
/** How many of the latest messages the screen shows (the provider answers at most 100 per call). */
export const CONVERSATION_SIZE = 50;

/**
 * The send form: the message, trimmed, 1..1000 characters, and the message's idempotency key (minted by the page
 * that shows the form, kept for a retry after a lost reply, docs/product.md#networks).
 */
export function createChatMessageSchema(t: TFunction) {
  return z.object({
    message: z
      .string({ required_error: t("support:chat.errors.required") })
      .trim()
      .min(1, t("support:chat.errors.required"))
      .max(MESSAGE_MAX_LENGTH, t("support:chat.errors.tooLong", { max: MESSAGE_MAX_LENGTH })),
    idempotency_key: z
      .string({ required_error: t("support:chat.errors.sendFailed") })
      .regex(IDEMPOTENCY_KEY, t("support:chat.errors.sendFailed")),
  });
}

export type ChatMessageFields = z.input<ReturnType<typeof createChatMessageSchema>>;

export function parseChatMessageForm(formData: FormData, t: TFunction) {
  return parseWithZod(formData, { schema: createChatMessageSchema(t) });
}

export function chatMessageConstraint(t: TFunction): FormConstraint {
  return formConstraint("chat-message", null, () => createChatMessageSchema(t));
}

/** The conversation as the screen shows it: the latest messages, oldest first. */
export interface Conversation {
  messages: ChatMessage[];
  /** Every message the customer and the operator ever wrote (more than `messages` holds when long). */
  total: number;
}

/** Reads the latest messages; the provider marks the operator's replies among them read. */
export async function loadConversation(provider: ProviderContext): Promise<Conversation> {
  const { rows, count } = await listChatMessages(provider, { limit: CONVERSATION_SIZE });
  return { messages: rows.map(chatMessage).reverse(), total: count };
}

/** A weak validator of what a conversation shows: its newest message and its length only ever grow. */
export function conversationTag(conversation: Conversation): string {
  const newest = conversation.messages.at(-1)?.id ?? 0;
  return `W/"chat-${newest}-${conversation.total}"`;
}
