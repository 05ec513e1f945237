/**
 * GET /resources/unread → the support button's state (docs/product.md#support, docs/decisions/0143):
 * `{ chatEnabled, unread, external }`. With the chat on, `unread` is how many operator replies the customer has
 * not read (the header polls this every 10 s while signed in); with it off, `unread` is 0, nothing more is
 * asked, and `external` says whether the support link is another site's (the button opens it in a new tab).
 * Never cached. A visitor gets 401 (the header does not poll for one); a provider failure 502/503 with an
 * `error` code (the badge keeps its count and the poll backs off).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";

import type { SupportButtonState } from "~/components/shell/useSupportButton";
import { readSupportButtonState } from "~/features/support/button-state.server";
import { NO_STORE } from "~/http/no-store";
import type { ProviderFailure } from "~/provider/failures.server";
import { getRequestContext } from "~/utils/request.server";

type UnreadReply = SupportButtonState | { error: string };

export async function loader({ request }: LoaderFunctionArgs) {
  const { provider, user } = await getRequestContext(request, "common", { tokenCheck: "own-call" });
  if (!user) return json<UnreadReply>({ error: "signed_out" }, { status: 401, headers: NO_STORE });
  const read = await readSupportButtonState(provider);
  if (!read.ok) return failed(read.failure);
  return json<UnreadReply>(read.state, { headers: NO_STORE });
}

function failed(failure: ProviderFailure) {
  const business = failure.kind === "business";
  return json<UnreadReply>(
    { error: business ? failure.code : "provider_unavailable" },
    { status: business ? 502 : 503, headers: NO_STORE },
  );
}
