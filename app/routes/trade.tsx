/**
 * /trade (auth): positions by market (docs/product.md#positions), `?tab=stock|forex|futures|treasury&page=N`,
 * with links to the stock records and to the tab's own list, so every trade screen is reachable from here.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { loadPositionsScreen, readPositionTab } from "~/features/trading/positions.server";
import { PositionsScreen } from "~/features/trading/PositionsScreen";
import { tradeLinks } from "~/features/trading/route-exports";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { instrumentListHref, marketsHref, positionsHref, recordsHref, type PositionTab } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { readPage } from "~/utils/pagination";
import { requireUserContext } from "~/utils/request.server";

export const handle: PageHandle = {
  i18n: ["trade:positions", "trade:source", "quotes"],
  titleKey: "trade:positions.title",
};
export const links = tradeLinks;
export const headers = noStoreHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "trade");
  const url = new URL(request.url);
  const tab = readPositionTab(url.searchParams.get("tab")) ?? "stock";
  const data = await loadPositionsScreen(context, tab, readPage(url.searchParams.get("page")), positionsHref);
  return json(data, { headers: NO_STORE });
}

/** Where each tab's instruments are listed. */
const LIST_OF_TAB: Record<PositionTab, string> = {
  stock: marketsHref(),
  forex: instrumentListHref("forex"),
  futures: instrumentListHref("futures"),
  treasury: instrumentListHref("treasury"),
};

export default function TradePage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("trade");
  return (
    <PositionsScreen data={data} hrefFor={positionsHref}>
      <nav aria-label={t("positions.related")} className="tr-related">
        <Link to={LIST_OF_TAB[data.tab]}>{t(`positions.list.${data.tab}`)}</Link>
        <Link to={recordsHref()}>{t("positions.records")}</Link>
      </nav>
    </PositionsScreen>
  );
}
