/**
 * /trade-no-nav/{type}/{buck?} (auth): the positions screen without the bottom bar, opened from the forex,
 * futures and treasury lists (`/trade-no-nav/forex/1`, `/trade-no-nav/futures/ok`, …); `buck` is kept as given.
 * Without the bar it needs its own way back (docs/product.md#navigation): to where the customer came from, or
 * by default to the list that links here.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useNavigate, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { loadPositionsScreen, readPositionTab } from "~/features/trading/positions.server";
import { PositionsScreen } from "~/features/trading/PositionsScreen";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import tradeStyles from "~/styles/trade.css";
import { instrumentListHref, noNavPositionsHref, positionsHref, type PositionTab } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { readPage } from "~/utils/pagination";
import { requireUserContext } from "~/utils/request.server";
import { routeLinks } from "~/utils/route-styles";

export const handle: PageHandle = {
  i18n: ["trade:positions", "trade:source", "quotes"],
  titleKey: "trade:positions.title",
  hideBottomNav: true,
};
export const links = routeLinks(tradeStyles);
export const headers = noStoreHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "trade");
  const tab = readPositionTab(params.type);
  if (!tab) throw json({ code: "not_found" }, { status: 404 });
  const page = readPage(new URL(request.url).searchParams.get("page"));
  const data = await loadPositionsScreen(context, tab, page, (to, n) => noNavPositionsHref(to, n, params.buck));
  return json(data, { headers: NO_STORE });
}

/** The list each tab's position link comes from; stocks come from /trade. */
const BACK_OF_TAB: Record<PositionTab, string> = {
  stock: positionsHref(),
  forex: instrumentListHref("forex"),
  futures: instrumentListHref("futures"),
  treasury: instrumentListHref("treasury"),
};

/**
 * "Back": a real link (works without JS, or when this page was opened directly); with JS, after moving here
 * inside the app, it goes back in history instead, to exactly where the customer came from.
 */
function BackLink({ to }: { to: string }) {
  const { t } = useTranslation("trade");
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <p className="tr-back">
      <Link
        to={to}
        onClick={(event) => {
          // "default" is the key of the first page of this visit: there is nothing of ours to go back to.
          if (location.key === "default") return;
          event.preventDefault();
          navigate(-1);
        }}
      >
        <span aria-hidden="true">←</span>
        {t("positions.back")}
      </Link>
    </p>
  );
}

export default function TradeNoNavPage() {
  const data = useLoaderData<typeof loader>();
  const { buck } = useParams();
  return (
    <PositionsScreen data={data} hrefFor={(tab, page) => noNavPositionsHref(tab, page, buck)}>
      <BackLink to={BACK_OF_TAB[data.tab]} />
    </PositionsScreen>
  );
}
