/**
 * The support button's state for a signed-in customer (docs/product.md#support, docs/decisions/0143 and 0195):
 * what /resources/unread answers the header's poll, and what the root loader renders into a document so the
 * unread count shows without JavaScript. The support link and the unread count are asked each time (a cache of the
 * link was taken out: docs/DEVIATIONS.md), in one call when the provider says the count with the link
 * (docs/decisions/0540); a provider that does not is asked for the count apart.
 */
import type { SupportButtonState } from "~/components/shell/useSupportButton";
import type { ProviderContext } from "~/provider/core.server";
import { attempt, type ProviderFailure } from "~/provider/failures.server";
import { getSupportLink, getUnreadCount, supportTarget } from "~/provider/support.server";

export async function readSupportButtonState(
  provider: ProviderContext,
): Promise<{ ok: true; state: SupportButtonState } | { ok: false; failure: ProviderFailure }> {
  const link = await attempt(getSupportLink(provider, { unread: true }));
  if (!link.ok) return link;
  if (!link.data.chat_enabled) {
    const external = supportTarget(link.data)?.external ?? false;
    return { ok: true, state: { chatEnabled: false, unread: 0, external } };
  }
  if (typeof link.data.unread_count === "number") {
    return { ok: true, state: { chatEnabled: true, unread: link.data.unread_count, external: false } };
  }
  const unread = await attempt(getUnreadCount(provider));
  if (!unread.ok) return unread;
  return { ok: true, state: { chatEnabled: true, unread: unread.data.unread_count, external: false } };
}
