import { Link } from "@remix-run/react";

import { Pager } from "~/components/ui/Pager";
import { LinkTabs } from "~/components/ui/Tabs";
import { formatDateTime } from "~/features/wallet/dates";
import { formatInteger, formatMarketMoney } from "~/format";
import { useTranslation } from "~/i18n-react";
import { useFormat } from "~/utils/format-context";

import type { BlockOrdersData } from "./block-orders.server";
import { Figures } from "./Figures";
import { BLOCK_HREFS, BLOCK_ORDER_TABS } from "./molds";
import { OrdersFailed } from "./OrdersFailed";

const STATUS_KEYS = { 1: "success", 2: "failed" } as const;

/** Block-trading or QIP orders: tabs All, Failed, Success; each order's figures in its market's currency. */
export function BlockOrders({ data }: { data: BlockOrdersData }) {
  const { t } = useTranslation("products");
  const fmt = useFormat();
  const hrefs = BLOCK_HREFS[data.mold];
  return (
    <div className="pr-page">
      <h1 tabIndex={-1}>{t(data.mold === "bulk" ? "orders.blockHeading" : "orders.qipHeading")}</h1>
      <p>
        <Link to={hrefs.screen()}>{t(data.mold === "bulk" ? "orders.backToBlock" : "orders.backToQip")}</Link>
      </p>
      <LinkTabs
        label={t("orders.tabs")}
        tabs={BLOCK_ORDER_TABS.map((tab) => ({ to: hrefs.orders({ tab }), label: t(`orders.tab.${tab}`), current: tab === data.tab }))}
      />
      {data.failed ? (
        <OrdersFailed retryHref={hrefs.orders({ tab: data.tab, page: data.page })} />
      ) : data.rows.length === 0 ? (
        <p className="pr-empty">{t("orders.empty")}</p>
      ) : (
        <ul className="list pr-items" aria-label={t(`orders.tab.${data.tab}`)}>
          {data.rows.map((row) => (
            <li key={row.no} className="pr-item">
              <div className="pr-item__head">
                <span>
                  <span className="pr-strong">{row.display}</span> <span className="pr-muted">{row.name}</span>
                </span>
                <span className={`pr-badge pr-badge--${STATUS_KEYS[row.status] ?? "failed"}`}>{t(`orders.status.${STATUS_KEYS[row.status] ?? "failed"}`)}</span>
              </div>
              <Figures
                items={[
                  { label: t("orders.no"), value: row.no, numeric: true },
                  { label: t("review.quantity"), value: formatInteger(row.count, fmt), numeric: true },
                  { label: t("block.price"), value: formatMarketMoney(row.price, fmt, row.market), numeric: true },
                  { label: t("review.total"), value: formatMarketMoney(row.total, fmt, row.market), numeric: true },
                  { label: t("orders.fee"), value: formatMarketMoney(row.fee, fmt, row.market), numeric: true },
                  { label: t("review.cost"), value: formatMarketMoney(row.cost, fmt, row.market), numeric: true },
                  { label: t("orders.time"), value: <time dateTime={row.time}>{formatDateTime(row.time, fmt)}</time> },
                  row.reasonText ? { label: t("orders.reason"), value: row.reasonText } : null,
                ]}
              />
            </li>
          ))}
        </ul>
      )}
      <Pager page={data.page} pageCount={data.pageCount} total={data.total} hrefFor={(page) => hrefs.orders({ tab: data.tab, page })} />
    </div>
  );
}
