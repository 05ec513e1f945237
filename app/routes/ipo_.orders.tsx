/**
 * /ipo/orders (auth; docs/product.md#ipo): tabs Application Records (`?tab` absent) and Sales Record (`?tab=sales`),
 * ten per page. An application is 1 pending (its money held), 2 success (allotted: shown with the allotted quantity
 * and any part of the hold returned, in wallet money), 3 failed (the hold returned); 0 is shown as submitted with its quantity.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { PriceChangeFigures } from "~/components/ui/PriceChange";
import { loadOrdersPage, type OrdersPage } from "~/features/products/orders.server";
import { OrderItem, OrdersScreen } from "~/features/products/OrdersScreen";
import { productLinks } from "~/features/products/route-exports";
import { useProfitLossText } from "~/features/trading/profit-loss";
import { noStoreHeaders } from "~/http/no-store";
import type { TFunction } from "~/i18n/config";
import { formatDateTime, formatInteger, formatMarketMoney, formatMoney } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import {
  getIpoApplications,
  getIpoSales,
  ipoApplicationFigures,
  type IpoApplicationFigures,
} from "~/provider/products.server";
import { recordFigures, type RecordFigures } from "~/provider/trading.server";
import { ipoApplicationAnchor, ipoHref, ipoOrdersHref, type IpoOrdersTab } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { readPage } from "~/utils/pagination";
import { requireUserContext } from "~/utils/request.server";

export const handle: PageHandle = {
  i18n: ["products:ipoOrders", "trade:records", "products:review", "products:orders", "products:ipo", "trade:review"],
  titleKey: "products:ipoOrders.title",
};
export const links = productLinks;
export const headers = noStoreHeaders;

const TABS: readonly IpoOrdersTab[] = ["applications", "sales"];

interface IpoOrdersRows {
  applications: IpoApplicationFigures[];
  sales: RecordFigures[];
}

export type IpoOrdersData = OrdersPage<IpoOrdersTab, IpoOrdersRows>;

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "products");
  const query = new URL(request.url).searchParams;
  const tab: IpoOrdersTab = query.get("tab") === "sales" ? "sales" : "applications";
  const page = readPage(query.get("page"));
  const orders = { where: `ipo ${tab}`, tab, page, href: ipoOrdersHref };
  return tab === "sales"
    ? loadOrdersPage({
        ...orders,
        read: getIpoSales(context.provider, page),
        toRow: (row) => recordFigures(row, context.deployment),
        rows: (sales): IpoOrdersRows => ({ applications: [], sales }),
      })
    : loadOrdersPage({
        ...orders,
        read: getIpoApplications(context.provider, page),
        toRow: (row) => ipoApplicationFigures(row, context.deployment),
        rows: (applications): IpoOrdersRows => ({ applications, sales: [] }),
      });
}

/** An application's status in words; 0 and 2 are shown with their quantity (docs/product.md#ipo). */
function applicationStatus(t: TFunction<"products">, row: IpoApplicationFigures, qty: (n: number) => string): string {
  switch (row.status) {
    case 0:
      return t("ipoOrders.status.submitted", { qty: qty(row.count) });
    case 1:
      return t("ipoOrders.status.pending");
    case 2:
      return t("ipoOrders.status.allotted", { qty: qty(row.allotted ?? row.count) });
    case 3:
      return t("ipoOrders.status.failed");
    default:
      return t("ipoOrders.status.unknown");
  }
}

const STATUS_CLASS = ["pending", "pending", "success", "failed"] as const;

export default function IpoOrdersPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("products");
  const fmt = useFormat();
  const profitLoss = useProfitLossText();
  const qty = (n: number) => formatInteger(n, fmt);
  const time = (value: string) => ({
    label: t("orders.time"),
    value: <time dateTime={value}>{formatDateTime(value, fmt)}</time>,
  });
  const applications = data.tab === "applications";
  const count = applications ? data.applications.length : data.sales.length;
  return (
    <OrdersScreen
      heading={t("ipoOrders.heading")}
      back={{ href: ipoHref(), label: t("ipoOrders.backToIpo") }}
      tabsLabel={t("ipoOrders.tabs")}
      tabs={TABS}
      tabLabel={(tab) => t(`ipoOrders.tab.${tab}`)}
      href={ipoOrdersHref}
      data={data}
      empty={
        count === 0 ? (
          <p className="pr-empty">{t(applications ? "ipoOrders.emptyApplications" : "ipoOrders.emptySales")}</p>
        ) : null
      }
    >
      {applications
        ? data.applications.map((row) => (
            <OrderItem
              key={row.id}
              id={ipoApplicationAnchor(row.id)}
              title={row.display}
              muted={row.company}
              badge={{ tone: STATUS_CLASS[row.status] ?? "pending", label: applicationStatus(t, row, qty) }}
              figures={[
                { label: t("ipoOrders.applied"), value: qty(row.count), numeric: true },
                { label: t("ipo.price"), value: formatMarketMoney(row.price, fmt, row.market), numeric: true },
                {
                  label: t(row.status === 1 ? "ipo.held" : "ipoOrders.amount"),
                  value: formatMarketMoney(row.amount, fmt, row.market),
                  numeric: true,
                },
                // An IPO in another currency was held in wallet money (docs/decisions/0191); what comes back is wallet money too.
                row.walletAmount !== null
                  ? { label: t("ipoOrders.walletAmount"), value: formatMoney(row.walletAmount, fmt), numeric: true }
                  : null,
                row.refunded !== null && Number(row.refunded) > 0
                  ? { label: t("ipoOrders.refunded"), value: formatMoney(row.refunded, fmt), numeric: true }
                  : null,
                time(row.time),
                row.status === 3 && row.reason ? { label: t("orders.reason"), value: row.reason } : null,
              ]}
            />
          ))
        : data.sales.map((row) => (
            <OrderItem
              key={row.no}
              title={row.display}
              muted={row.name}
              figures={[
                { label: t("review.quantity"), value: qty(row.count), numeric: true },
                {
                  label: t("ipoOrders.sellPrice"),
                  value: formatMarketMoney(row.price, fmt, row.market),
                  numeric: true,
                },
                { label: t("review.total"), value: formatMarketMoney(row.total, fmt, row.market), numeric: true },
                row.profit !== null
                  ? {
                      label: t("ipoOrders.profit"),
                      value: <PriceChangeFigures text={profitLoss(row.profit, null, row.market)} />,
                      numeric: true,
                    }
                  : null,
                time(row.time),
              ]}
            />
          ))}
    </OrdersScreen>
  );
}
