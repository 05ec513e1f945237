/** /forex (auth): the forex list with search, a position link and live prices (SPEC §2, §8). */
import type { HeadersFunction, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { InstrumentList } from "~/components/trade/InstrumentList";
import { loadInstrumentList } from "~/components/trade/lists.server";
import marketStyles from "~/styles/market.css";
import tradeStyles from "~/styles/trade.css";
import type { PageHandle } from "~/utils/page";

export const handle: PageHandle = { titleKey: "lists.forex.title", ns: "trade" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: marketStyles },
  { rel: "stylesheet", href: tradeStyles },
];
export const headers: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", "private, no-store");
  return headers;
};

export function loader({ request }: LoaderFunctionArgs) {
  return loadInstrumentList(request, "forex");
}

export default function ForexListPage() {
  const data = useLoaderData<typeof loader>();
  return <InstrumentList data={data} />;
}
