/** /futures (auth): the futures list with search, a link to the matching positions and live prices (docs/product.md#lists). */
import { json, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { InstrumentList } from "~/features/trading/InstrumentList";
import { loadInstrumentList } from "~/features/trading/lists.server";
import marketStyles from "~/styles/market.css";
import tradeStyles from "~/styles/trade.css";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";

export const handle: PageHandle = { i18n: ["trade", "markets"], titleKey: "trade:lists.futures.title" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: marketStyles },
  { rel: "stylesheet", href: tradeStyles },
];
export const headers: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", "private, no-store");
  return headers;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "trade");
  return json(await loadInstrumentList(context, new URL(request.url), "futures"), { headers: { "Cache-Control": "private, no-store" } });
}

export default function FuturesListPage() {
  const data = useLoaderData<typeof loader>();
  return <InstrumentList key={`${data.code}|${data.page}`} data={data} />;
}
