/**
 * /watchlists (auth; docs/product.md#watchlist): the home market's index cards, then the saved stocks, 10 per
 * page, with live prices (one poll every 3 s for both, kept and marked stale when a refresh fails). `?edit=1` is
 * the edit mode: rows stop opening the stock and each gets a Delete button. Deleting always asks first:
 * `?edit=1&confirm=SYMBOL` renders the confirm step on the server; with JavaScript the same panel opens in the
 * list's one native <dialog>. The POST redirects back with a toast (docs/decisions/0041-watchlist-edit-without-js.md).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

import { categoryName } from "~/components/market/categoryName";
import { IndexGrid } from "~/components/market/IndexGrid";
import { mergeQuote, useLiveQuotes } from "~/components/market/liveQuotes";
import { PriceFreshness } from "~/components/market/LiveStatus";
import { MarketError } from "~/components/market/MarketError";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { Pager } from "~/components/ui/Pager";
import { loadIndexTiles, type IndexCategory } from "~/features/market/index-tiles.server";
import { stockLinks } from "~/features/market/route-exports";
import { SYMBOL_PATTERN } from "~/features/market/symbol";
import { parseWithZod } from "~/forms/action.server";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { listAlertsIfOffered } from "~/provider/alerts.server";
import { attempt, logFailure, requireData } from "~/provider/failures.server";
import { watchlistRowFigures, type StockFigures } from "~/provider/market.server";
import { listWatchlist, removeFromWatchlist } from "~/provider/watchlist.server";
import { redirectWithToast } from "~/session/toast.server";
import { marketsHref, watchlistHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { pageInfo, readPage, type PageInfo } from "~/utils/pagination";
import { requireUserContext } from "~/utils/request.server";

import { DeletePanel } from "./DeletePanel";
import { SavedStocks } from "./SavedStocks";

/** docs/product.md#live-prices: the stock lists refresh every 3 s. */
const REFRESH_MS = 3_000;

export const handle: PageHandle = {
  i18n: ["watchlist", "quotes", "markets", "alerts:watchlist"],
  titleKey: "watchlist:watchlist.title",
};
export const links = stockLinks;
export const headers = noStoreHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ name: "description", content: data.description }] : [];

export interface WatchlistData extends PageInfo {
  description: string;
  /** Epoch ms the figures were read. */
  asOf: number;
  /** The home market's index cards (null when no category is quoted). */
  tiles: IndexCategory | null;
  rows: StockFigures[];
  edit: boolean;
  /** The edit list offers "Add alert" per row: the provider has price alerts (docs/decisions/0450). */
  alerts: boolean;
  /** The row whose delete is being confirmed (server-rendered step), only one on this page. */
  confirm: StockFigures | null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { t, provider, deployment } = await requireUserContext(request, "watchlist");
  const url = new URL(request.url);
  const page = readPage(url.searchParams.get("page"));
  const edit = url.searchParams.get("edit") === "1";
  const confirmParam = url.searchParams.get("confirm") ?? "";

  const [tiles, saved, alerts] = await Promise.all([
    loadIndexTiles(provider, { homeMarket: deployment.homeMarket }),
    requireData(listWatchlist(provider, { page })),
    // Asked only for the edit list, the one that offers "Add alert" (not found: no alerts here).
    edit ? attempt(listAlertsIfOffered(provider, { status: "active", limit: 1 })) : null,
  ]);
  const pages = pageInfo(page, saved.total);
  if (page > pages.pageCount) throw redirect(watchlistHref({ page: pages.pageCount, edit }));

  const rows = saved.list.map((item) => watchlistRowFigures(item, deployment));
  // Only a stock on this page can be confirmed for deletion; anything else falls back to the edit list.
  const confirm =
    edit && SYMBOL_PATTERN.test(confirmParam) ? (rows.find((row) => row.symbol === confirmParam) ?? null) : null;

  const data: WatchlistData = {
    description: t("watchlist.description"),
    asOf: Date.now(),
    tiles: tiles[0] ?? null,
    rows,
    edit,
    alerts: alerts !== null && (!alerts.ok || alerts.data !== null),
    confirm,
    ...pages,
  };
  return json(data, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { t, provider } = await requireUserContext(request, "watchlist");
  const { createWatchlistDeleteSchema } = await import("./schema");
  const submission = parseWithZod(await request.formData(), { schema: createWatchlistDeleteSchema(t) });
  if (submission.status !== "success") {
    // Nothing is deleted; the edit list says why (with or without JavaScript).
    return json(
      { result: submission.reply(), message: t("watchlist.invalidDelete") },
      { status: 400, headers: NO_STORE },
    );
  }
  const { symbol, name, page } = submission.value;
  const back = watchlistHref({ page, edit: true });
  const removed = await attempt(removeFromWatchlist(provider, symbol));
  if (!removed.ok) {
    logFailure("watchlist delete", removed.failure);
    return redirectWithToast(back, { key: "watchlist:watchlist.deleteFailed", type: "error" });
  }
  return redirectWithToast(back, { key: "watchlist:watchlist.deleted", values: { name: name || symbol } });
}

export default function Watchlist() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation("watchlist");
  const { t: tMarkets } = useTranslation("markets");
  const symbols = useMemo(
    () => [...(data.tiles?.indices ?? []).map((index) => index.symbol), ...data.rows.map((row) => row.symbol)],
    [data.tiles, data.rows],
  );
  const live = useLiveQuotes(symbols, REFRESH_MS, data.asOf);
  const rows = data.rows.map((row) => mergeQuote(row, live));
  const [dialogRow, setDialogRow] = useState<StockFigures | null>(null);

  if (data.confirm) {
    return (
      <section aria-labelledby="confirm-title" className="mk-card sc-confirm">
        <DeletePanel row={data.confirm} page={data.page} inDialog={false} />
      </section>
    );
  }

  return (
    <div className="mk-page">
      <h1 className="mk-h1">{t("watchlist.heading")}</h1>
      <PriceFreshness asOf={live.asOf} stale={live.stale} />

      {data.tiles ? (
        <section aria-labelledby="wl-indices">
          <h2 id="wl-indices" className="mk-h2">
            {t("watchlist.indices", { market: categoryName(tMarkets, data.tiles) })}
          </h2>
          <IndexGrid category={data.tiles} live={live} />
        </section>
      ) : null}

      <section aria-labelledby="wl-saved" className="mk-list">
        <div className="sc-list-head">
          <h2 id="wl-saved" className="mk-h2">
            {t("watchlist.saved")}
          </h2>
          {data.total > 0 ? (
            <Link
              className={data.edit ? "button button--small" : "button button--small button--secondary"}
              to={watchlistHref({ page: data.page, edit: !data.edit })}
            >
              {t(data.edit ? "watchlist.done" : "watchlist.edit")}
            </Link>
          ) : null}
        </div>
        {failed ? (
          <p role="alert" className="sc-alert">
            {failed.message}
          </p>
        ) : null}
        {data.edit && data.total > 0 ? <p className="mk-hint">{t("watchlist.editHint")}</p> : null}

        {data.total === 0 ? (
          <div className="sc-empty-state">
            <p>{t("watchlist.empty")}</p>
            <p>{t("watchlist.emptyHint")}</p>
            <p>
              <Link className="mk-button" to={marketsHref()}>
                {t("watchlist.browse")}
              </Link>
            </p>
          </div>
        ) : (
          <SavedStocks rows={rows} edit={data.edit} alerts={data.alerts} page={data.page} onDelete={setDialogRow} />
        )}

        <Pager
          page={data.page}
          pageCount={data.pageCount}
          total={data.total}
          hrefFor={(page) => watchlistHref({ page, edit: data.edit })}
        />
      </section>

      {dialogRow ? (
        <ConfirmDialog onClose={() => setDialogRow(null)}>
          <DeletePanel row={dialogRow} page={data.page} inDialog />
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <MarketError />;
}
