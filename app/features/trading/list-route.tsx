/**
 * The route module of /forex, /futures and /treasury-debt (docs/product.md#lists), built once for a kind: each
 * route file re-exports `handle`, `links`, `headers` and `loader` of `instrumentListRoute(kind)` and its `Page` as
 * the default export. The loader's server modules are emptied in the browser build and the loader never runs there.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import marketBaseStyles from "~/styles/market-base.css";
import marketStyles from "~/styles/market.css";
import type { InstrumentKind } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";
import { routeLinks } from "~/utils/route-styles";

import { InstrumentList } from "./InstrumentList";
import { loadInstrumentList, type InstrumentListData } from "./lists.server";
import { tradeStyles } from "./route-exports";

/** The instrument lists also use the market tables (here, so that the other trade screens do not load market.css's chunk). */
const tradeListLinks = routeLinks(marketBaseStyles, marketStyles, tradeStyles);

export function instrumentListRoute(kind: InstrumentKind) {
  const handle: PageHandle = { i18n: ["trade:lists", "quotes"], titleKey: `trade:lists.${kind}.title` };
  async function loader({ request }: LoaderFunctionArgs) {
    const context = await requireUserContext(request, "trade");
    return json<InstrumentListData>(await loadInstrumentList(context, new URL(request.url), kind), {
      headers: NO_STORE,
    });
  }
  function Page() {
    const data = useLoaderData<typeof loader>();
    return <InstrumentList key={`${data.code}|${data.page}`} data={data} />;
  }
  return { handle, links: tradeListLinks, headers: noStoreHeaders, loader, Page };
}
