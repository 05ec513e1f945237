import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { formatInteger } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import type { PageInfo } from "~/utils/pagination";

/**
 * Previous / next links of every paged list: plain links, so paging works without JavaScript. After a client
 * navigation focus goes to the page heading (root), never left on a link that now points elsewhere.
 */
export function Pager({
  page,
  pageCount,
  total,
  hrefFor,
  label,
}: PageInfo & { hrefFor: (page: number) => string; label?: string }) {
  const { t } = useTranslation("common");
  const fmt = useFormat();
  if (total === 0 || pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label={label ?? t("pager.label")}>
      {page > 1 ? (
        <Link rel="prev" to={hrefFor(page - 1)} preventScrollReset={false}>
          {t("pager.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span>{t("pager.pageOf", { page: formatInteger(page, fmt), pages: formatInteger(pageCount, fmt) })}</span>
      {page < pageCount ? (
        <Link rel="next" to={hrefFor(page + 1)}>
          {t("pager.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
