/** /trade (auth): positions by market (SPEC §2 Trade). `?tab=stock|forex|futures|treasury&page=N`. */
import type { HeadersFunction, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { PositionsScreen } from "~/components/trade/PositionsScreen";
import { readPage, readPositionTab, type PositionTab } from "~/components/trade/positions";
import { loadPositionsScreen } from "~/components/trade/positions.server";
import tradeStyles from "~/styles/trade.css";
import type { PageHandle } from "~/utils/page";

export const handle: PageHandle = { titleKey: "positions.title", ns: "trade" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: tradeStyles }];
export const headers: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", "private, no-store");
  return headers;
};

export function tradeHref(tab: PositionTab, page: number): string {
  const params = new URLSearchParams();
  if (tab !== "stock") params.set("tab", tab);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/trade?${search}` : "/trade";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tab = readPositionTab(url.searchParams.get("tab")) ?? "stock";
  return loadPositionsScreen(request, tab, readPage(url.searchParams.get("page")));
}

export default function TradePage() {
  const data = useLoaderData<typeof loader>();
  return <PositionsScreen data={data} hrefFor={tradeHref} />;
}
