/**
 * /block-trading (auth; docs/product.md#block-trading): block-trade offers (mold bulk), search, buy with the
 * transaction password after a review; success goes to /block-trading/orders with 'Purchase successful'. The screen
 * is shared with /qip (app/features/products/BlockTradingScreen.tsx, block.server.ts).
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
  titleKey: "products:block.title",
};
export const links = productLinks;
export const headers = noStoreHeaders;

export const loader = ({ request }: LoaderFunctionArgs) => loadBlockScreen(request, "bulk");
export const action = ({ request }: ActionFunctionArgs) => blockAction(request, "bulk");
export const clientAction = moneyClientAction<typeof action>();
export const shouldRevalidate = keepAfterClientFailure;

export default function BlockTradingPage() {
  return <BlockTradingScreen data={useLoaderData<typeof loader>()} />;
}
