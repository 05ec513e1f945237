import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

import { useLivePanel } from "~/components/market/useLivePanel";
import { usePriceAlertText } from "~/features/alerts/chat";
import { useAlertText } from "~/features/security/alerts";
import type { Conversation } from "~/features/support/chat.server";
import { formatClockTime, formatDateTime } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import type { ChatMessage } from "~/provider/support.server";
import type { ChatPoll } from "~/routes/resources.chat";
import { chatResourceHref } from "~/utils/hrefs";

/** docs/product.md#support: the open chat looks for new messages every 5 s while the page is visible. */
const CHAT_POLL_MS = 5_000;

export interface LiveConversation extends Conversation {
  /** The last poll failed: what is shown may be missing new messages; a retry is scheduled. */
  stale: boolean;
  /** Epoch ms of the last good read (the page's, or a poll's). */
  lastRead: number;
  /** What the polite live region says: the newest operator reply that arrived while the page was open. */
  announcement: string;
}

const newestId = (conversation: Conversation) => conversation.messages.at(-1)?.id ?? 0;

/**
 * The conversation on screen: the page's (re-read after every send), or the poll's when the poll has seen a
 * newer message. Messages are only ever added, so the one with the newer last message is the fresher.
 */
export function useConversation({
  conversation,
  asOf,
  poll,
}: {
  conversation: Conversation;
  asOf: number;
  poll: boolean;
}): LiveConversation {
  const { t } = useTranslation("support");
  const live = useLivePanel<ChatPoll>(poll ? chatResourceHref() : null, CHAT_POLL_MS);
  const current = live.data && newestId(live.data) > newestId(conversation) ? live.data : conversation;

  const [polledAt, setPolledAt] = useState(0);
  useEffect(() => {
    if (live.data) setPolledAt(Date.now());
  }, [live.data]);

  // Announce an operator reply that arrives while the page is open (not the ones it opened with, not the
  // customer's own messages).
  const seen = useRef(newestId(conversation));
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => {
    const arrived = current.messages.filter((message) => message.id > seen.current);
    if (arrived.length === 0) return;
    seen.current = newestId(current);
    const reply = arrived.filter((message) => message.from === "operator").at(-1);
    if (reply) setAnnouncement(t("chat.newReply", { text: reply.text }));
  }, [current, t]);

  return { ...current, stale: live.stale, lastRead: Math.max(asOf, polledAt), announcement };
}

/** The messages, oldest first, each with who wrote it and when. */
export function ChatThread({ conversation }: { conversation: LiveConversation }) {
  const { t } = useTranslation("support");
  const fmt = useFormat();
  const { messages, total, stale, lastRead, announcement } = conversation;
  return (
    <section className="chat-page" aria-labelledby="chat-conversation">
      <h2 id="chat-conversation" className="sr-only">
        {t("chat.conversation")}
      </h2>
      {stale ? (
        <p className="chat-fresh chat-fresh--stale">{t("chat.stale", { time: formatClockTime(lastRead, fmt) })}</p>
      ) : null}
      {total > messages.length ? (
        <p className="chat-note">{t("chat.latestOnly", { shown: messages.length, total })}</p>
      ) : null}
      {messages.length === 0 ? (
        <p className="chat-empty">{t("chat.empty")}</p>
      ) : (
        <ol className="chat-thread">
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
        </ol>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}

function MessageItem({ message }: { message: ChatMessage }) {
  const { t } = useTranslation("support");
  const fmt = useFormat();
  const security = useAlertText(message);
  // A fired price alert is from "Alerts", every other service message from "Security" (docs/product.md#price-alerts).
  const price = usePriceAlertText(message.alert);
  const { text, service } = price ? { text: price.text, service: price.from } : security;
  const who = message.from === "customer" ? t("chat.you") : message.from === "service" ? service : t("chat.operator");
  return (
    <li className={`chat-msg chat-msg--${message.from === "service" ? "operator" : message.from}`}>
      <p className="chat-msg__meta">
        <span className="chat-msg__who">{who}</span>
        {/* The same date and time as every other screen's records (docs/product.md#support). */}
        <time dateTime={message.time}>{formatDateTime(message.time, fmt)}</time>
      </p>
      <p className="chat-msg__text">{text}</p>
    </li>
  );
}
