/**
 * Customer-service chat, shared by the chat screen and its poll (docs/product.md#support,
 * docs/decisions/0142-chat-plain-post-poll-and-cache.md): the conversation as the screen shows it (the send form's
 * schema: message.ts).
 */
import type { ProviderContext } from "~/provider/core.server";
import { chatMessage, listChatMessages, type ChatMessage } from "~/provider/support.server";
/** How many of the latest messages the screen shows (the provider answers at most 100 per call). */
export const CONVERSATION_SIZE = 50;

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
