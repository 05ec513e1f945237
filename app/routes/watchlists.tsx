/**
 * /watchlists (auth): the home market's index tiles, then the saved stocks, 10 per page, with live prices
 * (one poll every 3 s for both). `?edit=1` is the edit mode: rows stop linking and each gets a delete button.
 * Deleting always asks first: `?edit=1&confirm=SYMBOL` renders the confirm step on the server; with
 * JavaScript the same panel opens in a native <dialog>. The POST redirects back with a toast
 * (docs/decisions/0041-watchlist-edit-without-js.md).
 */
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n-react";

import { IndexCard, type IndexFigures } from "~/components/market/IndexCard";
import { MarketError } from "~/components/market/MarketError";
import { marketsHref } from "~/components/market/hrefs";
import { StockRow } from "~/components/market/StockRow";
import { mergeQuote, useLiveQuotes } from "~/components/market/liveQuotes";
import { ConfirmPanel } from "~/components/ui/ConfirmDialog";
import { PriceChange } from "~/components/ui/PriceChange";
import { deploymentFor, displaySymbol } from "~/deployment";
import { formatInteger, formatPrice, priceDigits, type FormatContext } from "~/format";
import { getFixedT, getLocale } from "~/i18next.server";
import { ProviderError, isProviderUnavailable, providerContext } from "~/provider/core.server";
import { getCategories, getQuotes, requireMarketData } from "~/provider/market.server";
import { WATCHLIST_PAGE_SIZE, listWatchlist, removeFromWatchlist } from "~/provider/watchlist.server";
import { requireSameOrigin } from "~/security.server";
import { requireUser } from "~/session.server";
import { redirectWithToast } from "~/toast.server";
import marketStyles from "~/styles/market.css";
import stockStyles from "~/styles/stock.css";
import type { PageHandle } from "~/utils/page";

const REFRESH_MS = 3_000;
const NO_STORE = { "Cache-Control": "private, no-store" };
const SYMBOL_PATTERN = /^[\^A-Za-z0-9.=&_-]{1,32}$/;

export const headers: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", loaderHeaders.get("Cache-Control") ?? "private, no-store");
  return headers;
};

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: marketStyles },
  { rel: "stylesheet", href: stockStyles },
];

export const handle: PageHandle = { titleKey: "watchlist.title", ns: "stock" };

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ name: "description", content: data.description }] : [];

export interface WatchlistView {
  page: number;
  edit: boolean;
  confirm?: string | null;
}

/** The address of a watchlist view; defaults are left out. */
export function watchlistHref(view: WatchlistView): string {
  const params = new URLSearchParams();
  if (view.edit) params.set("edit", "1");
  if (view.edit && view.confirm) params.set("confirm", view.confirm);
  if (view.page > 1) params.set("page", String(view.page));
  const search = params.toString();
  return search ? `/watchlists?${search}` : "/watchlists";
}

function readPage(value: FormDataEntryValue | string | null): number {
  const page = Number.parseInt(typeof value === "string" ? value : "", 10);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const url = new URL(request.url);
  const page = readPage(url.searchParams.get("page"));
  const edit = url.searchParams.get("edit") === "1";
  const confirmParam = url.searchParams.get("confirm") ?? "";
  const [locale, ctx] = await Promise.all([getLocale(request), providerContext(request)]);
  const deployment = deploymentFor(process.env.DEPLOYMENT);

  const [categories, saved] = await Promise.all([
    requireMarketData(getCategories(ctx)),
    requireMarketData(listWatchlist(ctx, { page, pageSize: WATCHLIST_PAGE_SIZE })),
  ]);
  const pageCount = Math.max(1, Math.ceil(saved.total / WATCHLIST_PAGE_SIZE));
  if (page > pageCount) throw redirect(watchlistHref({ page: pageCount, edit }));

  const home = categories.find((category) => category.market === deployment.homeMarket) ?? categories[0] ?? null;
  const quotes = home ? await requireMarketData(getQuotes(ctx, home.stocks.map((index) => index.stock_code))) : [];
  const bySymbol = new Map(quotes.map((quote) => [quote.symbol, quote]));
  const indices: IndexFigures[] = (home?.stocks ?? []).flatMap((index) => {
    const quote = bySymbol.get(index.stock_code);
    return quote
      ? [{ symbol: index.stock_code, name: index.stock_name || quote.name, price: quote.price, change: quote.change, changePercent: quote.changePercent }]
      : [];
  });

  const rows = saved.list.map((item) => ({
    symbol: item.stock_code,
    display: displaySymbol(item.stock_code, deployment),
    name: item.stock_name,
    market: item.stock_detail.market,
    price: item.stock_detail.prasent,
    change: item.stock_detail.change,
    changePercent: item.stock_detail.percent_change,
  }));
  // Only a stock on this page can be confirmed for deletion; anything else falls back to the edit list.
  const confirm = edit && SYMBOL_PATTERN.test(confirmParam) ? rows.find((row) => row.symbol === confirmParam) ?? null : null;

  const tStock = await getFixedT(locale, "stock");
  return json(
    {
      description: tStock("watchlist.description"),
      locale,
      deployment: deployment.code,
      asOf: Date.now(),
      category: home ? { code: home.category_code, name: home.category_name, market: home.market } : null,
      indices,
      rows,
      total: saved.total,
      page,
      pageCount,
      edit,
      confirm,
    },
    { headers: NO_STORE },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  await requireUser(request);
  const form = await request.formData();
  const symbol = String(form.get("symbol") ?? "");
  const name = String(form.get("name") ?? "").slice(0, 120) || symbol;
  const back = watchlistHref({ page: readPage(form.get("page")), edit: true });
  if (form.get("intent") !== "delete" || !SYMBOL_PATTERN.test(symbol)) {
    return redirectWithToast(back, { key: "stock:watchlist.deleteFailed", type: "error" });
  }
  try {
    await removeFromWatchlist(await providerContext(request), symbol);
  } catch (error) {
    if (error instanceof ProviderError || isProviderUnavailable(error)) {
      console.warn("[watchlist] delete failed:", error instanceof ProviderError ? error.code : "unavailable");
      return redirectWithToast(back, { key: "stock:watchlist.deleteFailed", type: "error" });
    }
    throw error;
  }
  return redirectWithToast(back, { key: "stock:watchlist.deleted", values: { name } });
}

export default function Watchlist() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("stock");
  const fmt: FormatContext = useMemo(
    () => ({ locale: data.locale, deployment: deploymentFor(data.deployment) }),
    [data.locale, data.deployment],
  );
  const symbols = useMemo(
    () => [...data.indices.map((index) => index.symbol), ...data.rows.map((row) => row.symbol)],
    [data.indices, data.rows],
  );
  const live = useLiveQuotes(symbols, REFRESH_MS, data.asOf);
  const indices = data.indices.map((index) => mergeQuote(index, live));
  const rows = data.rows.map((row) => mergeQuote(row, live));
  const [dialogRow, setDialogRow] = useState<(typeof data.rows)[number] | null>(null);
  // After the dialog's POST redirects back (or any other navigation) the dialog is done.
  const location = useLocation();
  useEffect(() => setDialogRow(null), [location.key]);

  const confirmPanel = (row: (typeof data.rows)[number], inDialog: boolean) => (
    <ConfirmPanel
      title={t("watchlist.confirmTitle")}
      text={t("watchlist.confirmText", { name: row.name, symbol: row.display })}
      action="/watchlists"
      confirmLabel={t("watchlist.confirmYes")}
      cancelLabel={t("watchlist.cancel")}
      cancelHref={watchlistHref({ page: data.page, edit: true })}
      inDialog={inDialog}
      hidden={{ intent: "delete", symbol: row.symbol, name: row.name, page: String(data.page) }}
    />
  );

  if (data.confirm) {
    return (
      <section aria-labelledby="confirm-title" className="mk-card sc-confirm">
        {confirmPanel(data.confirm, false)}
      </section>
    );
  }

  return (
    <div className="mk-page">
      <h1 className="mk-h1">{t("watchlist.heading")}</h1>

      {data.category && indices.length > 0 ? (
        <section aria-labelledby="wl-indices">
          <h2 id="wl-indices" className="mk-h2">
            {t("watchlist.indices", { market: data.category.name })}
          </h2>
          <ul className="mk-grid sc-index-grid" role="list">
            {indices.map((index) => (
              <li key={index.symbol}>
                <IndexCard
                  index={index}
                  market={data.category?.market}
                  fmt={fmt}
                  href={marketsHref({ category: data.category?.code, index: index.symbol })}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="wl-saved" className="mk-list">
        <div className="sc-list-head">
          <h2 id="wl-saved" className="mk-h2">
            {t("watchlist.saved")}
          </h2>
          {data.total > 0 ? (
            data.edit ? (
              <Link className="button button--small" to={watchlistHref({ page: data.page, edit: false })}>
                {t("watchlist.done")}
              </Link>
            ) : (
              <Link className="button button--small button--secondary" to={watchlistHref({ page: data.page, edit: true })}>
                {t("watchlist.edit")}
              </Link>
            )
          ) : null}
        </div>
        {data.edit && data.total > 0 ? <p className="mk-hint">{t("watchlist.editHint")}</p> : null}

        {data.total === 0 ? (
          <div className="sc-empty-state">
            <p>{t("watchlist.empty")}</p>
            <p>{t("watchlist.emptyHint")}</p>
            <p>
              <Link className="mk-button" to="/markets">
                {t("watchlist.browse")}
              </Link>
            </p>
          </div>
        ) : (
          <table className="mk-table sc-watch-table" aria-labelledby="wl-saved">
            <thead>
              <tr>
                <th scope="col">{t("watchlist.colStock")}</th>
                <th scope="col">{t("watchlist.colPrice")}</th>
                <th scope="col">{t("watchlist.colChange")}</th>
                {data.edit ? <th scope="col">{t("watchlist.colAction")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) =>
                data.edit ? (
                  <tr key={row.symbol}>
                    <th scope="row">
                      <span className="mk-stock">
                        <span className="mk-sym">{row.display}</span>
                        <span className="mk-name">{row.name}</span>
                      </span>
                    </th>
                    <td className="mk-num">{formatPrice(row.price, fmt, row.market)}</td>
                    <td className="mk-chgcell">
                      <PriceChange change={row.change} percent={row.changePercent} decimals={priceDigits(row.market)} />
                    </td>
                    <td>
                      <Link
                        className="button button--small button--danger"
                        to={watchlistHref({ page: data.page, edit: true, confirm: row.symbol })}
                        aria-label={t("watchlist.deleteName", { name: row.name })}
                        onClick={(event) => {
                          if (typeof HTMLDialogElement === "undefined" || !("showModal" in HTMLDialogElement.prototype)) return;
                          event.preventDefault();
                          setDialogRow(data.rows.find((item) => item.symbol === row.symbol) ?? null);
                        }}
                      >
                        {t("watchlist.delete")}
                      </Link>
                    </td>
                  </tr>
                ) : (
                  <StockRow key={row.symbol} stock={row} fmt={fmt} />
                ),
              )}
            </tbody>
          </table>
        )}

        {data.pageCount > 1 ? (
          <nav className="mk-pager" aria-label={t("watchlist.pages")}>
            {data.page > 1 ? (
              <Link rel="prev" to={watchlistHref({ page: data.page - 1, edit: data.edit })}>
                {t("watchlist.previous")}
              </Link>
            ) : (
              <span />
            )}
            <span>
              {t("watchlist.pageOf", { page: formatInteger(data.page, fmt), pages: formatInteger(data.pageCount, fmt) })}
            </span>
            {data.page < data.pageCount ? (
              <Link rel="next" to={watchlistHref({ page: data.page + 1, edit: data.edit })}>
                {t("watchlist.next")}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </section>

      {dialogRow ? <WatchlistDialog onClose={() => setDialogRow(null)}>{confirmPanel(dialogRow, true)}</WatchlistDialog> : null}
    </div>
  );
}

/**
 * One native modal <dialog> for the whole list (the per-trigger ConfirmTrigger would repeat the dialog's
 * heading id once per row). The browser traps focus, Esc closes, Cancel is `<form method="dialog">`.
 */
function WatchlistDialog({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      dialog.showModal();
      // For browsers without :has(): the bottom bar hides on this class too.
      document.body.classList.add("dialog-open");
    }
    return () => document.body.classList.remove("dialog-open");
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="confirm-dialog-title"
      className="confirm-dialog"
      onClose={() => {
        document.body.classList.remove("dialog-open");
        onClose();
      }}
    >
      {children}
    </dialog>
  );
}

export function ErrorBoundary() {
  return <MarketError />;
}
