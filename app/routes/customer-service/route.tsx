/**
 * /customer-service (auth; docs/product.md#support): the chat with customer service. The conversation shows the
 * latest messages, the customer's and the operator's, each with who wrote it and when; opening it marks the
 * operator's replies read. The send form is a plain POST that redirects back (POST/redirect/GET, with a toast);
 * with JavaScript it is sent by a fetcher instead, so focus stays in the message box, which is emptied, and the
 * conversation is re-read. While the page is visible the conversation is polled every 5 s from
 * /resources/chat; a new operator reply is announced politely (docs/decisions/0142). The conversation is saved on
 * the device under this session's key for 30 minutes, and painted from there when a navigation's data never comes
 * back (docs/product.md#on-the-device).
 */
import { getTextareaProps } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";

import { fieldErrorId } from "~/components/ui/Field";
import { FormErrorSummary } from "~/components/ui/FormErrors";
import { loadConversation, type Conversation } from "~/features/support/chat.server";
import { MESSAGE_MAX_LENGTH } from "~/features/support/limits";
import { refuse, parseWithZod } from "~/forms/action.server";
import { fixedFormConstraint } from "~/forms/constraint.server";
import { hiddenProps } from "~/forms/hidden";
import type { FormConstraint } from "~/forms/useZodForm";
import { useZodForm } from "~/forms/useZodForm";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { formatInteger } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { DeviceCopyNotice, deviceCopyClientLoader, useSaveCopy } from "~/offline/device-copy";
import { messagesKey } from "~/offline/screens";
import { attempt, failureMessage, logFailure } from "~/provider/failures.server";
import { classifySupportUrl, getSupportLink, sendChatMessage } from "~/provider/support.server";
import type { loader as rootLoader } from "~/root";
import { redirectWithToast } from "~/session/toast.server";
import supportStyles from "~/styles/support.css";
import { customerServiceHref, newsListHref, supportHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";
import { routeLinks } from "~/utils/route-styles";

import { ChatThread, useConversation } from "./ChatThread";

export const handle: PageHandle = {
  i18n: ["support", "device", "security:alerts", "alerts:chat"],
  titleKey: "support:chat.title",
};
export const links = routeLinks(supportStyles);

export const headers = noStoreHeaders;

export interface ChatPageData {
  /** Epoch ms the conversation was read. */
  asOf: number;
  /** The provider's chat switch (`chat_enabled`); off: the conversation is shown, the send form is not. */
  chatEnabled: boolean;
  /** With the chat off, whether the support link leads somewhere else than this screen. */
  otherSupport: boolean;
  /** The conversation could not be read: "Failed to load messages" in its place (HTTP 503). */
  failed: boolean;
  conversation: Conversation;
  /** The idempotency key of the next message (a new one on every read of the page). */
  sendKey: string;
  /** The send form's native constraints (docs/decisions/0280-validation-loads-after-hydration.md); none in a saved copy. */
  constraint?: FormConstraint;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { provider, t } = await requireUserContext(request, "support");
  const [link, conversation] = await Promise.all([
    attempt(getSupportLink(provider)),
    attempt(loadConversation(provider)),
  ]);
  if (!conversation.ok) logFailure("chat list", conversation.failure);
  if (!link.ok) logFailure("chat support link", link.failure);
  // This screen is the chat: when the provider cannot say whether it is on, it is offered.
  const chatEnabled = !link.ok || link.data.chat_enabled === true;
  const target = link.ok ? classifySupportUrl(link.data.url) : null;
  const data: ChatPageData = {
    asOf: Date.now(),
    chatEnabled,
    otherSupport: target !== null && target.url !== customerServiceHref(),
    failed: !conversation.ok,
    conversation: conversation.ok ? conversation.data : { messages: [], total: 0 },
    sendKey: crypto.randomUUID(),
    constraint: fixedFormConstraint((await import("./schema")).createChatMessageSchema, t),
  };
  return json(data, { status: conversation.ok ? 200 : 503, headers: NO_STORE });
}

/** The fetcher's own field: answer with data instead of redirecting (the page stays, focus stays in the box). */
const STAY = "stay";

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { t, provider } = await requireUserContext(request, "support");
  const formData = await request.formData();
  const stay = formData.get(STAY) === "1";
  const { createChatMessageSchema } = await import("./schema");
  const submission = parseWithZod(formData, { schema: createChatMessageSchema(t) });
  if (submission.status !== "success") return refuse(submission);
  const { message, idempotency_key: idempotencyKey } = submission.value;
  const sent = await attempt(sendChatMessage(provider, { content: message, idempotencyKey }));
  if (!sent.ok) {
    logFailure("chat send", sent.failure);
    // A send whose reply never came may have been written: say so, never "not sent", and keep its key, so
    // sending it again writes it at most once (docs/product.md#networks). A refused one gets a new key.
    const unknown = sent.failure.kind === "unavailable";
    const reason = unknown
      ? t("support:chat.errors.unknownOutcome")
      : failureMessage(t, sent.failure, "support:chat.errors.sendFailed");
    return json(
      { result: submission.reply({ formErrors: [reason] }), retryKey: unknown ? idempotencyKey : null },
      { status: unknown ? 503 : 400, headers: NO_STORE },
    );
  }
  // The form is emptied; `sentId` tells the page its message went (the conversation is re-read by Remix).
  if (stay) return json({ result: submission.reply({ resetForm: true }), sentId: sent.data.id }, { headers: NO_STORE });
  return redirectWithToast(customerServiceHref(), { key: "support:chat.sent" });
}

/** On the device: the messages and when they were read (SPEC's messages cache), never the page's send key. */
type SavedMessages = Pick<ChatPageData, "asOf" | "conversation">;

export const clientLoader = deviceCopyClientLoader<typeof loader>(async (copy) => {
  const { asOf, conversation } = (copy as { value: SavedMessages }).value;
  // A fresh key for the next message: a saved one may have been used already.
  return { asOf, conversation, chatEnabled: true, otherSupport: false, failed: false, sendKey: crypto.randomUUID() };
});

export default function CustomerServicePage() {
  const data = useLoaderData<typeof clientLoader>();
  const deviceKey = useRouteLoaderData<typeof rootLoader>("root")?.deviceKey ?? "";
  const saved = useMemo((): SavedMessages => ({ asOf: data.asOf, conversation: data.conversation }), [data]);
  useSaveCopy("initData", messagesKey(deviceKey), saved, {
    skip: data.fromDevice !== undefined || data.failed,
    owner: deviceKey,
    namespaces: ["support", "device"],
  });
  const posted = useActionData<typeof action>();
  const fetcher = useFetcher<typeof action>({ key: "chat-send" });
  const { t } = useTranslation("support");
  const fmt = useFormat();
  const reply = fetcher.data ?? posted;
  const lastResult = reply?.result;
  // The key the next send carries: the unanswered one while its outcome is unknown, else the page's new one.
  const sendKey = (reply && "retryKey" in reply ? reply.retryKey : null) ?? data.sendKey;
  const sending = fetcher.state !== "idle";
  const live = useConversation({
    conversation: data.conversation,
    asOf: data.asOf,
    poll: data.chatEnabled && !data.failed,
  });
  const box = useRef<HTMLTextAreaElement>(null);

  const { fields, formProps, summary } = useZodForm({
    id: "chat",
    schema: () => import("./schema").then((m) => m.createChatMessageSchema(t)),
    lastResult,
    // The browser's own checks (required, maxlength) run before JavaScript loads.
    defaultNoValidate: false,
    // With JavaScript, once the message is valid: send through the fetcher, so the page and the focus stay.
    onSubmit: (event, { formData }) => {
      event.preventDefault();
      formData.set(STAY, "1");
      fetcher.submit(formData, { method: "post", action: customerServiceHref() });
    },
  });

  // After a send the box is emptied (the reply resets the form); keep the customer typing where they were.
  const sentId = fetcher.data && "sentId" in fetcher.data ? fetcher.data.sentId : null;
  useEffect(() => {
    if (sentId !== null) box.current?.focus();
  }, [sentId]);

  const messageError = fields.message.errors?.[0];
  const messageProps = getTextareaProps(fields.message, { ariaAttributes: false });
  const hintId = "chat-message-hint";
  return (
    <div className="chat-page">
      <h1 className="chat-h1" tabIndex={-1}>
        {t("chat.heading")}
      </h1>
      <p className="chat-intro">{t("chat.intro")}</p>
      <DeviceCopyNotice fromDevice={data.fromDevice} />

      {data.failed ? (
        <div className="notice" role="alert">
          <p>{t("chat.failed")}</p>
          <Link to={customerServiceHref()} reloadDocument className="button button--secondary">
            {t("chat.retry")}
          </Link>
        </div>
      ) : (
        <ChatThread conversation={live} />
      )}

      {data.chatEnabled ? (
        <>
          <FormErrorSummary
            fields={[fields.message, { id: fields.message.id, errors: fields.idempotency_key.errors }]}
            formId={fields.message.id}
            {...summary}
          />
          <Form method="post" action={customerServiceHref()} {...formProps} className="chat-form">
            <input {...hiddenProps(fields.idempotency_key, sendKey)} />
            <div className={messageError ? "field field--error" : "field"}>
              <label htmlFor={fields.message.id}>{t("chat.messageLabel")}</label>
              <p id={hintId} className="field__hint">
                {t("chat.messageHint", { max: formatInteger(MESSAGE_MAX_LENGTH, fmt) })}
              </p>
              {messageError ? (
                <p id={fieldErrorId(fields.message.id)} className="field__error">
                  {messageError}
                </p>
              ) : null}
              <textarea
                {...messageProps}
                ref={box}
                rows={3}
                aria-invalid={messageError ? true : undefined}
                aria-describedby={[hintId, messageError ? fieldErrorId(fields.message.id) : ""]
                  .filter(Boolean)
                  .join(" ")}
              />
            </div>
            <button type="submit" className="button" aria-disabled={sending || undefined}>
              {sending ? t("chat.sending") : t("chat.send")}
            </button>
          </Form>
        </>
      ) : (
        <p className="notice">{t("chat.disabled")}</p>
      )}

      <p className="chat-links">
        {!data.chatEnabled && data.otherSupport ? <Link to={supportHref()}>{t("chat.supportLink")}</Link> : null}
        <Link to={newsListHref()}>{t("chat.news")}</Link>
      </p>
    </div>
  );
}
