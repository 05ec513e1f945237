/**
 * /trade (auth): positions by market (docs/product.md#positions), `?tab=stock|forex|futures|treasury&page=N`,
 * with links to the stock records and to the tab's own list, so every trade screen is reachable from here; above
 * them the portfolio's profit and loss (docs/product.md#profit-and-loss), masked when the customer hides amounts.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { PortfolioSummary } from "~/features/trading/PortfolioSummary";
import { loadPositionsScreen, readPositionTab } from "~/features/trading/positions.server";
import { PositionsScreen } from "~/features/trading/PositionsScreen";
import { tradeLinks } from "~/features/trading/route-exports";
import { balanceHidden } from "~/features/wallet/balance-visibility.server";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import {
  instrumentListHref,
  marketsHref,
  portfolioHref,
  positionsHref,
  recordsHref,
  statementsHref,
  type PositionTab,
} from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { readPage } from "~/utils/pagination";
import { requireUserContext } from "~/utils/request.server";

export const handle: PageHandle = {
  i18n: ["trade:positions", "trade:source", "trade:pnl", "quotes"],
  titleKey: "trade:positions.title",
};
export const links = tradeLinks;
export const headers = noStoreHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "trade");
  const url = new URL(request.url);
  const tab = readPositionTab(url.searchParams.get("tab")) ?? "stock";
  // The portfolio's totals come with the positions, in one provider call (docs/decisions/0480); the summary is left
  // out when the provider does not say them (`pnl` null).
  const data = await loadPositionsScreen(context, tab, readPage(url.searchParams.get("page")), positionsHref, {
    totals: true,
  });
  return json({ ...data, hidden: balanceHidden(request) }, { headers: NO_STORE });
}

/** Where each tab's instruments are listed. */
const LIST_OF_TAB: Record<PositionTab, string> = {
  stock: marketsHref(),
  forex: instrumentListHref("forex"),
  futures: instrumentListHref("futures"),
  treasury: instrumentListHref("treasury"),
};

/** docs/product.md#live-prices: as the positions, every 5 s. */
const PNL_REFRESH_MS = 5_000;

export default function TradePage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("trade");
  return (
    <PositionsScreen data={data} hrefFor={positionsHref}>
      {data.pnl ? (
        <PortfolioSummary totals={data.pnl} asOf={data.asOf} hidden={data.hidden} refreshMs={PNL_REFRESH_MS} />
      ) : null}
      <nav aria-label={t("positions.related")} className="tr-related">
        <Link to={LIST_OF_TAB[data.tab]}>{t(`positions.list.${data.tab}`)}</Link>
        <Link to={recordsHref()}>{t("positions.records")}</Link>
        <Link to={statementsHref()}>{t("pnl.statements")}</Link>
        <Link to={portfolioHref()}>{t("pnl.value")}</Link>
      </nav>
    </PositionsScreen>
  );
}
