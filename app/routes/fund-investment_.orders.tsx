/**
 * /fund-investment/orders (auth; docs/product.md#funds): the customer's fund orders in tabs all, active, completed,
 * cancelled, ten per page. Each shows the fund, its period (under 30 days in days, else whole months), the amount, the
 * expected return, the return range, the status (a status the screens do not know is shown as unknown), the end date
 * and the date it was made; an empty state when there are none.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { periodText, returnRangeText } from "~/features/products/funds";
import { loadOrdersPage, type OrdersPage } from "~/features/products/orders.server";
import { OrderItem, OrdersScreen } from "~/features/products/OrdersScreen";
import { productLinks } from "~/features/products/route-exports";
import { noStoreHeaders } from "~/http/no-store";
import { formatDate, formatMoney } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { fundOrderFigures, getFundOrders, type FundOrderFigures } from "~/provider/products.server";
import { fundOrderAnchor, fundOrdersHref, fundsHref, type FundOrdersTab } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { readPage } from "~/utils/pagination";
import { requireUserContext } from "~/utils/request.server";

export const handle: PageHandle = {
  i18n: ["products:fundOrders", "products:orders", "products:funds", "products:period"],
  titleKey: "products:fundOrders.title",
};
export const links = productLinks;
export const headers = noStoreHeaders;

const TABS: readonly FundOrdersTab[] = ["all", "active", "completed", "cancelled"];

export type FundOrdersData = OrdersPage<FundOrdersTab, { rows: FundOrderFigures[] }>;

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "products");
  const query = new URL(request.url).searchParams;
  const asked = query.get("tab");
  const tab = (TABS as readonly (string | null)[]).includes(asked) ? (asked as FundOrdersTab) : "all";
  const page = readPage(query.get("page"));
  return loadOrdersPage({
    where: "fund orders",
    tab,
    page,
    read: getFundOrders(context.provider, { status: tab, page }),
    toRow: fundOrderFigures,
    rows: (rows) => ({ rows }),
    href: fundOrdersHref,
  });
}

export default function FundOrdersPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("products");
  const fmt = useFormat();
  return (
    <OrdersScreen
      heading={t("fundOrders.heading")}
      back={{ href: fundsHref(), label: t("fundOrders.backToFunds") }}
      tabsLabel={t("fundOrders.tabs")}
      tabs={TABS}
      tabLabel={(tab) => t(`fundOrders.tab.${tab}`)}
      href={fundOrdersHref}
      data={data}
      empty={
        data.rows.length === 0 ? (
          <div className="pr-empty">
            <p>{t(`fundOrders.empty.${data.tab}`)}</p>
            <Link to={fundsHref()}>{t("fundOrders.browse")}</Link>
          </div>
        ) : null
      }
    >
      {data.rows.map((row) => (
        <OrderItem
          key={row.id}
          id={fundOrderAnchor(row.id)}
          title={row.name}
          badge={{ tone: row.status, label: t(`fundOrders.status.${row.status}`) }}
          figures={[
            { label: t("funds.period"), value: periodText(t, row.days) },
            { label: t("fundOrders.amount"), value: formatMoney(row.amount, fmt), numeric: true },
            { label: t("fundOrders.expected"), value: formatMoney(row.expectedReturn, fmt), numeric: true },
            { label: t("funds.range"), value: returnRangeText(t, row.minReturn, row.maxReturn, fmt), numeric: true },
            { label: t("fundOrders.end"), value: <time dateTime={row.end}>{formatDate(row.end, fmt)}</time> },
            {
              label: t("fundOrders.created"),
              value: <time dateTime={row.created}>{formatDate(row.created, fmt)}</time>,
            },
          ]}
        />
      ))}
    </OrdersScreen>
  );
}
