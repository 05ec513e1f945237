/**
 * /qip (auth; docs/product.md#block-trading): QIP offers (mold finalize) on the block-trading screen: search, buy
 * with the transaction password after a review; success goes to /qip/orders with 'Purchase successful'.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { blockAction, loadBlockScreen } from "~/features/products/block.server";
import { BlockTradingScreen } from "~/features/products/BlockTradingScreen";
import { productLinks } from "~/features/products/route-exports";
import { keepAfterClientFailure, moneyClientAction } from "~/forms/client-action";
import { noStoreHeaders } from "~/http/no-store";
import type { PageHandle } from "~/utils/page";

export const handle: PageHandle = {
  i18n: ["products:block", "products:buy", "products:review", "products:orders"],
  titleKey: "products:block.qipTitle",
};
export const links = productLinks;
export const headers = noStoreHeaders;

export const loader = ({ request }: LoaderFunctionArgs) => loadBlockScreen(request, "finalize");
export const action = ({ request }: ActionFunctionArgs) => blockAction(request, "finalize");
export const clientAction = moneyClientAction<typeof action>();
export const shouldRevalidate = keepAfterClientFailure;

export default function QipPage() {
  return <BlockTradingScreen data={useLoaderData<typeof loader>()} />;
}
