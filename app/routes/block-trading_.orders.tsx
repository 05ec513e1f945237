/**
 * /block-trading/orders (auth; docs/product.md#block-trading): the customer's orders in tabs All, Failed, Success, ten per page
 * (app/features/products/block-orders.server.ts, BlockOrders.tsx).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { loadBlockOrders } from "~/features/products/block-orders.server";
import { BlockOrders } from "~/features/products/BlockOrders";
import { productLinks } from "~/features/products/route-exports";
import { noStoreHeaders } from "~/http/no-store";
import type { PageHandle } from "~/utils/page";

export const handle: PageHandle = {
  i18n: ["products:orders", "products:block", "products:review"],
  titleKey: "products:orders.blockTitle",
};
export const links = productLinks;
export const headers = noStoreHeaders;

export const loader = ({ request }: LoaderFunctionArgs) => loadBlockOrders(request, "bulk");

export default function BlockTradingOrdersPage() {
  return <BlockOrders data={useLoaderData<typeof loader>()} />;
}
