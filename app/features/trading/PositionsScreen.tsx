import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { PriceFreshness } from "~/components/market/LiveStatus";
import { useLivePanel } from "~/components/market/useLivePanel";
import { Pager } from "~/components/ui/Pager";
import { PriceChangeFigures } from "~/components/ui/PriceChange";
import { LinkTabs } from "~/components/ui/Tabs";
import { formatAmount } from "~/i18n/currency";
import { formatInteger, formatMarketMoney } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { POSITION_TABS, positionsResourceHref, stockHref, type PositionTab } from "~/utils/hrefs";

import type { PositionsScreenData } from "./positions.server";
import { useProfitLossText } from "./profit-loss";

/** docs/product.md#live-prices: positions refresh every 5 s. */
const REFRESH_MS = 5_000;

/** The figures a live refresh repaints (GET /resources/positions). */
export interface LivePositionFigures {
  no: string;
  current_price: number;
  market_value: string;
  profit: string;
  profit_percent: number;
}

export interface PositionsPayload {
  asOf: number;
  rows: LivePositionFigures[];
  error?: string;
}

/**
 * The positions screen of /trade and /trade-no-nav (docs/product.md#positions): four market tabs (links), the
 * tab's lots paged 10. Each row is one link, on the name, stretched over the whole row, so tapping anywhere on
 * it opens the stock and a screen reader hears one short link per row. Figures refresh every 5 s, quietly; a
 * failed refresh keeps them, marked stale. A lot from a block trade, QIP or IPO says so beside its symbol. `children` is the route's own navigation (back, related lists).
 */
export function PositionsScreen({
  data,
  hrefFor,
  children,
}: {
  data: PositionsScreenData;
  hrefFor: (tab: PositionTab, page: number) => string;
  children?: ReactNode;
}) {
  const { t } = useTranslation("trade");
  const fmt = useFormat();
  const profitLoss = useProfitLossText();
  const live = useLivePanel<PositionsPayload>(
    data.rows.length ? positionsResourceHref(data.tab, data.page) : null,
    REFRESH_MS,
  );
  const payload = live.data && live.data.asOf >= data.asOf ? live.data : undefined;
  const fresh = new Map((payload?.rows ?? []).map((row) => [row.no, row]));
  const rows = data.rows.map((row) => ({ ...row, ...fresh.get(row.no) }));

  return (
    <div className="tr-page">
      <h1 className="tr-h1" tabIndex={-1}>
        {t("positions.heading")}
      </h1>
      {children}
      <LinkTabs
        label={t("positions.tabs")}
        tabs={POSITION_TABS.map((tab) => ({
          to: hrefFor(tab, 1),
          label: t(`positions.tab.${tab}`),
          current: tab === data.tab,
        }))}
      />
      {rows.length === 0 ? (
        <p className="tr-empty">{t(`positions.empty.${data.tab}`)}</p>
      ) : (
        <>
          <ul className="list tr-positions" aria-label={t(`positions.tab.${data.tab}`)}>
            {rows.map((row) => (
              <li key={row.no} className="tr-pos">
                <span className="tr-pos__col">
                  <Link to={stockHref({ symbol: row.symbol, name: row.name })} className="tr-sym tr-row-link">
                    {row.name}
                  </Link>
                  <span className="tr-muted">
                    {row.display}
                    {row.source ? (
                      <>
                        <span aria-hidden="true"> · </span>
                        <span className="tr-source">
                          <span className="sr-only">{t("source.label")}: </span>
                          {t(`source.${row.source}`)}
                        </span>
                      </>
                    ) : null}
                  </span>
                </span>
                <span className="tr-pos__col">
                  <span className="tr-muted">{t("positions.marketValue")}</span>
                  <span className="tr-num">{formatAmount(row.market_value, fmt, row.market)}</span>
                </span>
                <span className="tr-pos__col">
                  <span className="tr-muted">{t("positions.quantity", { qty: formatInteger(row.count, fmt) })}</span>
                  <PriceChangeFigures text={profitLoss(row.profit, row.profit_percent, row.market)} />
                </span>
                <span className="tr-pos__col">
                  <span className="tr-muted">
                    {t("positions.cost", { price: formatMarketMoney(row.price, fmt, row.market) })}
                  </span>
                  <span className="tr-num">
                    {t("positions.current", { price: formatMarketMoney(row.current_price, fmt, row.market) })}
                  </span>
                </span>
              </li>
            ))}
          </ul>
          <PriceFreshness asOf={payload?.asOf ?? data.asOf} stale={live.stale} />
        </>
      )}
      <Pager
        page={data.page}
        pageCount={data.pageCount}
        total={data.total}
        hrefFor={(page) => hrefFor(data.tab, page)}
      />
    </div>
  );
}
