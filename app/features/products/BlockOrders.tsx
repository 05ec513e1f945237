import { useTranslation } from "react-i18next";

import { formatDateTime, formatInteger, formatMarketMoney, formatMoney } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";

import type { BlockOrdersData } from "./block-orders.server";
import { BLOCK_HREFS, BLOCK_ORDER_TABS } from "./molds";
import { OrderItem, OrdersScreen } from "./OrdersScreen";

const STATUS_KEYS = { 1: "success", 2: "failed" } as const;

/**
 * Block-trading or QIP orders: tabs All, Failed, Success; each order's figures in its market's currency and, for an
 * offer in another currency than the wallet's, what the wallet paid (or would have) and the rate (decision 0300).
 */
export function BlockOrders({ data }: { data: BlockOrdersData }) {
  const { t } = useTranslation("products");
  const fmt = useFormat();
  const hrefs = BLOCK_HREFS[data.mold];
  return (
    <OrdersScreen
      heading={t(data.mold === "bulk" ? "orders.blockHeading" : "orders.qipHeading")}
      back={{ href: hrefs.screen(), label: t(data.mold === "bulk" ? "orders.backToBlock" : "orders.backToQip") }}
      tabsLabel={t("orders.tabs")}
      tabs={BLOCK_ORDER_TABS}
      tabLabel={(tab) => t(`orders.tab.${tab}`)}
      href={hrefs.orders}
      data={data}
      empty={data.rows.length === 0 ? <p className="pr-empty">{t("orders.empty")}</p> : null}
    >
      {data.rows.map((row) => {
        const status = STATUS_KEYS[row.status] ?? "failed";
        return (
          <OrderItem
            key={row.no}
            title={row.display}
            muted={row.name}
            badge={{ tone: status, label: t(`orders.status.${status}`) }}
            figures={[
              { label: t("orders.no"), value: row.no, numeric: true },
              { label: t("review.quantity"), value: formatInteger(row.count, fmt), numeric: true },
              { label: t("block.price"), value: formatMarketMoney(row.price, fmt, row.market), numeric: true },
              { label: t("review.total"), value: formatMarketMoney(row.total, fmt, row.market), numeric: true },
              { label: t("orders.fee"), value: formatMarketMoney(row.fee, fmt, row.market), numeric: true },
              { label: t("review.cost"), value: formatMarketMoney(row.cost, fmt, row.market), numeric: true },
              row.wallet
                ? {
                    label: t(row.status === 1 ? "orders.walletPaid" : "orders.walletWouldPay"),
                    value: formatMoney(row.wallet.cost, fmt),
                    numeric: true,
                  }
                : null,
              row.rateText ? { label: t("block.rate"), value: row.rateText } : null,
              { label: t("orders.time"), value: <time dateTime={row.time}>{formatDateTime(row.time, fmt)}</time> },
              row.reasonText ? { label: t("orders.reason"), value: row.reasonText } : null,
            ]}
          />
        );
      })}
    </OrdersScreen>
  );
}
