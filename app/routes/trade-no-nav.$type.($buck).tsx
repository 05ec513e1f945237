/**
 * /trade-no-nav/{type}/{buck?} (auth): the positions screen without the bottom bar, opened from the forex,
 * futures and treasury lists (`/trade-no-nav/forex/1`, `/trade-no-nav/futures/ok`, …). `buck` is kept as given.
 */
import { json, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";

import { PositionsScreen } from "~/components/trade/PositionsScreen";
import { readPage, readPositionTab, type PositionTab } from "~/components/trade/positions";
import { loadPositionsScreen } from "~/components/trade/positions.server";
import tradeStyles from "~/styles/trade.css";
import type { PageHandle } from "~/utils/page";

export const handle: PageHandle = { titleKey: "positions.title", ns: "trade", hideBottomNav: true };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: tradeStyles }];
export const headers: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", "private, no-store");
  return headers;
};

export function noNavHref(tab: PositionTab, page: number, buck?: string): string {
  const path = `/trade-no-nav/${tab}${buck ? `/${encodeURIComponent(buck)}` : ""}`;
  return page > 1 ? `${path}?page=${page}` : path;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const tab = readPositionTab(params.type);
  if (!tab) throw json({ code: "not_found" }, { status: 404 });
  return loadPositionsScreen(request, tab, readPage(new URL(request.url).searchParams.get("page")));
}

export default function TradeNoNavPage() {
  const data = useLoaderData<typeof loader>();
  const { buck } = useParams();
  return <PositionsScreen data={data} hrefFor={(tab, page) => noNavHref(tab, page, buck)} />;
}
