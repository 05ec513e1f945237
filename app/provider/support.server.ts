/**
 * Typed client for customer service (docs/provider-api.md, "Customer service"): the support link with the chat
 * switch (`/stock/success/kefu`) and the chat (`/stock/success/user_message/*`), plus the mappers from provider
 * rows to what the screens show (docs/product.md#support).
 */
import { customerServiceHref } from "~/utils/hrefs";
import { isLocalNetwork } from "~/utils/network.server";
import { safeRedirect } from "~/utils/safe-redirect";

import { callProvider, type ProviderContext } from "./core.server";

/** `/stock/success/kefu`: where support lives, and whether the in-app chat is on (config `chat_enabled`). */
export interface SupportLinkReply {
  url: string;
  chat_enabled?: boolean;
  /** Asked for with `unread=1` and the chat on: the unread count (absent from a provider without it). */
  unread_count?: number;
}

/** `service`: an alert the provider left (a new sign-in, two-factor turned on or off, a card added, a withdrawal). */
export type ChatSender = "customer" | "operator" | "service";

/** A service message's alert: a code the app translates with its params (docs/provider-api.md "Two-factor and devices"). */
export interface ChatAlert {
  code: string;
  params: Record<string, string | null>;
}

/** A row of `/stock/success/user_message/list-message` (newest first) or the reply of `send`. */
export interface ChatMessageRow {
  id: number;
  sender: ChatSender;
  /** Plain text as typed (rendered as text, never as HTML). */
  content: string;
  /** An operator reply the customer has seen (always true for the customer's own messages). */
  read: boolean;
  created_at: string;
  /** Only on a `service` message (absent from a provider without alerts). */
  alert?: ChatAlert | null;
}

/**
 * The support link. With `unread`, a provider that offers it adds the unread count when the chat is on, in the same
 * call (docs/decisions/0540).
 */
export function getSupportLink(ctx: ProviderContext, options: { unread?: boolean } = {}) {
  return callProvider<SupportLinkReply>(ctx, {
    path: "/stock/success/kefu",
    query: options.unread ? { unread: 1 } : undefined,
  });
}

/** The conversation, newest first. Reading it marks the operator's replies it returns (and older ones) read. */
export function listChatMessages(ctx: ProviderContext, params: { page?: number; limit: number }) {
  return callProvider<{ rows: ChatMessageRow[]; count: number }>(ctx, {
    path: "/stock/success/user_message/list-message",
    query: { page: params.page ?? 1, limit: params.limit },
  });
}

/**
 * Sends the customer's message (1..1000 characters; `too_many_requests` past 10 a minute). The idempotency key
 * belongs to the message: sent again with the same key and text (after a lost reply) it is written once.
 */
export function sendChatMessage(ctx: ProviderContext, input: { content: string; idempotencyKey: string }) {
  return callProvider<ChatMessageRow>(ctx, {
    path: "/stock/success/user_message/send",
    method: "POST",
    body: { content: input.content, idempotency_key: input.idempotencyKey },
  });
}

export function getUnreadCount(ctx: ProviderContext) {
  return callProvider<{ unread_count: number }>(ctx, { path: "/stock/success/user_message/unread-count" });
}

/* ---------------------------------------------------------------- view models */

/** Where the support button leads: an absolute address (a new tab) or a screen of the app. */
export interface SupportTarget {
  url: string;
  external: boolean;
}

/** Classifies a support link: an absolute http(s) URL, or an app route (only a same-site path), else null. */
export function classifySupportUrl(raw: string): SupportTarget | null {
  const value = raw.trim();
  if (/^https?:\/\//i.test(value)) {
    try {
      return { url: new URL(value).toString(), external: true };
    } catch {
      return null;
    }
  }
  if (!value) return null;
  const route = safeRedirect(value.startsWith("/") ? value : `/${value}`, "");
  return route ? { url: route, external: false } : null;
}

/** With the chat on, the button opens the chat; otherwise it follows the support link (docs/product.md#support). */
export function supportTarget(reply: SupportLinkReply | null | undefined): SupportTarget | null {
  if (reply?.chat_enabled) return { url: customerServiceHref(), external: false };
  return classifySupportUrl(reply?.url ?? "");
}

/** A chat message as the conversation shows it. */
export interface ChatMessage {
  id: number;
  from: ChatSender;
  text: string;
  /** ISO time it was written. */
  time: string;
  /** A service alert, translated by the screen (`text` is its English fallback); absent on other messages. */
  alert?: ChatAlert;
}

export function chatMessage(row: ChatMessageRow): ChatMessage {
  const message: ChatMessage = { id: row.id, from: row.sender, text: row.content, time: row.created_at };
  return row.alert ? { ...message, alert: alertView(row.alert) } : message;
}

/**
 * A local network in an alert's params (a sign-in from this computer or a home network) becomes `local_network`, which
 * the chat says in words, never a block such as "::/48".
 */
function alertView(alert: ChatAlert): ChatAlert {
  const network = alert.params?.network;
  if (!network || !isLocalNetwork(network)) return alert;
  return { ...alert, params: { ...alert.params, network: null, local_network: "true" } };
}
