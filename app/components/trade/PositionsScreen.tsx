import { Link } from "@remix-run/react";
import { useMemo, useRef } from "react";
import { useTranslation } from "~/i18n-react";

import { stockHref } from "~/components/market/hrefs";
import { useLivePanel } from "~/components/market/useLivePanel";
import { PriceChange } from "~/components/ui/PriceChange";
import { LinkTabs } from "~/components/ui/Tabs";
import { deploymentFor } from "~/deployment";
import { formatInteger, formatMoney, formatPrice, type FormatContext } from "~/format";

import { POSITION_TABS, positionsResourceHref, type PositionTab, type PositionsPayload } from "./positions";
import type { PositionsScreenData } from "./positions.server";

const REFRESH_MS = 5_000;

/**
 * The positions screen shared by /trade and /trade-no-nav: four market tabs (links), the tab's lots paged 10,
 * each row a link to the stock detail. Figures refresh every 5 s from /resources/positions, quietly.
 */
export function PositionsScreen({ data, hrefFor }: { data: PositionsScreenData; hrefFor: (tab: PositionTab, page: number) => string }) {
  const { t } = useTranslation("trade");
  const fmt: FormatContext = useMemo(
    () => ({ locale: data.locale, deployment: deploymentFor(data.deployment) }),
    [data.locale, data.deployment],
  );
  const payload = useLivePanel<PositionsPayload>(data.rows.length ? positionsResourceHref(data.tab, data.page) : null, REFRESH_MS);
  const lastGood = useRef<PositionsPayload>();
  if (payload && !payload.error && Array.isArray(payload.rows) && payload.asOf >= data.asOf) lastGood.current = payload;
  const fresh = new Map((lastGood.current?.asOf ?? 0) >= data.asOf ? lastGood.current!.rows.map((row) => [row.no, row]) : []);
  const rows = data.rows.map((row) => ({ ...row, ...fresh.get(row.no) }));

  return (
    <div className="tr-page">
      <h1 className="tr-h1">{t("positions.heading")}</h1>
      <LinkTabs
        label={t("positions.tabs")}
        tabs={POSITION_TABS.map((tab) => ({ to: hrefFor(tab, 1), label: t(`positions.tab.${tab}`), current: tab === data.tab }))}
      />
      {rows.length === 0 ? (
        <p className="tr-empty">{t(`positions.empty.${data.tab}`)}</p>
      ) : (
        <ul className="list tr-positions" aria-label={t(`positions.tab.${data.tab}`)}>
          {rows.map((row) => (
            <li key={row.no}>
              <Link to={stockHref({ symbol: row.symbol, name: row.name })} className="tr-pos">
                <span className="tr-pos__col">
                  <span className="tr-sym">{row.name}</span>
                  <span className="tr-muted">{row.display}</span>
                </span>
                <span className="tr-pos__col">
                  <span className="tr-muted">{t("positions.marketValue")}</span>
                  <span className="tr-num">{formatMoney(row.market_value, fmt)}</span>
                </span>
                <span className="tr-pos__col">
                  <span className="tr-muted">{t("positions.quantity", { qty: formatInteger(row.count, fmt) })}</span>
                  <PriceChange change={Number(row.profit)} percent={row.profit_percent} />
                </span>
                <span className="tr-pos__col">
                  <span className="tr-muted">{t("positions.cost", { price: formatPrice(row.price, fmt, row.market) })}</span>
                  <span className="tr-num">{t("positions.current", { price: formatPrice(row.current_price, fmt, row.market) })}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager page={data.page} pageCount={data.pageCount} hrefFor={(page) => hrefFor(data.tab, page)} show={data.count > 0} fmt={fmt} />
    </div>
  );
}

/** Previous/next links (plain links, no JS needed). */
export function Pager({
  page,
  pageCount,
  hrefFor,
  show,
  fmt,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  show: boolean;
  fmt: FormatContext;
}) {
  const { t } = useTranslation("trade");
  if (!show) return null;
  return (
    <nav className="tr-pager" aria-label={t("pager.label")}>
      {page > 1 ? (
        <Link rel="prev" to={hrefFor(page - 1)}>
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
