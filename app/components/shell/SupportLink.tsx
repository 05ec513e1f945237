import { Link, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { formatInteger } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import type { loader as rootLoader } from "~/root";
import { supportHref } from "~/utils/hrefs";

import { useSupportButton } from "./useSupportButton";

/**
 * The header's support button (docs/product.md#support, docs/decisions/0143): a link to /support, whose loader
 * opens the chat when it is on and otherwise follows the provider's support link — the one implementation of
 * "where support is", with or without JavaScript. For a signed-in customer it shows the number of unread operator
 * replies, read by the server for the page (also without JavaScript) and polled with JavaScript, which also opens
 * a support link on another site in a new tab.
 */
export function SupportLink() {
  const { t } = useTranslation("common");
  const fmt = useFormat();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const signedIn = Boolean(root?.user);
  // The document's count (rendered on the server, shown without JavaScript) until the first poll answers.
  const state = useSupportButton(signedIn, root?.support ?? null);
  const unread = state?.chatEnabled ? state.unread : 0;
  const external = state !== null && !state.chatEnabled && state.external;
  return (
    <Link
      to={supportHref()}
      className="icon-button support-button"
      aria-label={unread > 0 ? t("header.supportUnread", { count: unread }) : t("header.support")}
      target={external ? "_blank" : undefined}
      rel={external ? "noopener noreferrer" : undefined}
      reloadDocument={external || undefined}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M4 13v-1a8 8 0 0 1 16 0v1m-16 0h3v6H5a1 1 0 0 1-1-1zm16 0h-3v6h2a1 1 0 0 0 1-1z" />
      </svg>
      {unread > 0 ? <span className="support-badge">{formatInteger(unread, fmt)}</span> : null}
    </Link>
  );
}
