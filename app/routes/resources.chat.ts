/**
 * GET /resources/chat → the latest chat messages `{ messages, total }` (docs/product.md#support), what the
 * chat screen polls every 5 s while it is visible. Reading marks the operator's replies read, as the screen does.
 *
 * "Messages cached 30 minutes" (docs/product.md#support) (docs/decisions/0142): the browser keeps the conversation in its
 * private HTTP cache and asks again on every poll (`private, no-cache` with a validator), so an unchanged
 * conversation costs a 304 without a body and a changed one is never served from the cache — a message the
 * customer just sent, or a reply just written, is always shown.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";

import { conversationTag, loadConversation, type Conversation } from "~/features/support/chat.server";
import { NO_STORE } from "~/http/no-store";
import { attempt } from "~/provider/failures.server";
import { requireUserContext } from "~/utils/request.server";

export type ChatPoll = Conversation;

const REVALIDATE = { "Cache-Control": "private, no-cache", Vary: "Cookie" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { provider } = await requireUserContext(request, "support");
  const conversation = await attempt(loadConversation(provider));
  if (!conversation.ok) {
    const { failure } = conversation;
    const business = failure.kind === "business";
    return json(
      { error: business ? failure.code : "provider_unavailable" },
      { status: business ? 502 : 503, headers: NO_STORE },
    );
  }
  const etag = conversationTag(conversation.data);
  if (matches(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers: { ...REVALIDATE, ETag: etag } });
  }
  return json<ChatPoll>(conversation.data, { headers: { ...REVALIDATE, ETag: etag } });
}

/** `If-None-Match` names this validator (weak comparison, as for GET). */
function matches(header: string | null, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}
