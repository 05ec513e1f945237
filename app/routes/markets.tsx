/**
 * /markets (open): category picker, sub-index tabs, price card of the selected index, the category's stock
 * list paged 10 per page, and search. Every control is a link or a GET form; JavaScript only debounces the
 * search into the URL and repaints prices from /resources/quotes every 3 s.
 */
import { json, type HeadersFunction, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "~/i18n-react";

import { MarketError } from "~/components/market/MarketError";
import { marketsHref, type MarketsQuery } from "~/components/market/hrefs";
import { PriceCard, type PriceCardQuote } from "~/components/market/PriceCard";
import { StockRow, type StockFigures } from "~/components/market/StockRow";
import { mergeQuote, useLiveQuotes } from "~/components/market/liveQuotes";
import { LinkTabs } from "~/components/ui/Tabs";
import { deploymentFor, displaySymbol } from "~/deployment";
import { formatInteger, type FormatContext } from "~/format";
import type { PageHandle } from "~/utils/page";
import { getCategories, getStockList, getYahoo, marketRequest, requireMarketData } from "~/provider/market.server";
import marketStyles from "~/styles/market.css";

export const PAGE_SIZE = 10;
const SEARCH_DEBOUNCE_MS = 300;
const REFRESH_MS = 3_000;
const MAX_QUERY_LENGTH = 40;

/** Prices go stale in seconds: the document is never cached either (loader headers only cover `_data`). */
export const headers: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", loaderHeaders.get("Cache-Control") ?? "private, no-store");
  return headers;
};

export const links: LinksFunction = () => [{ rel: "stylesheet", href: marketStyles }];

/** The document `<title>` comes from the root through `handle.titleKey` (app/utils/page.ts). */
export const handle: PageHandle = { titleKey: "markets.title", ns: "markets" };

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ name: "description", content: data.description }] : [];

function readQuery(url: URL): MarketsQuery {
  const text = (name: string, max = 64) => (url.searchParams.get(name) ?? "").trim().slice(0, max);
  const page = Number.parseInt(url.searchParams.get("page") ?? "", 10);
  return {
    category: text("category"),
    index: text("index"),
    q: text("q", MAX_QUERY_LENGTH),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const query = readQuery(new URL(request.url));
  const { t, locale, ctx, deployment } = await marketRequest(request);

  const categories = await requireMarketData(getCategories(ctx));
  const category =
    categories.find((c) => c.category_code.toLowerCase() === query.category.toLowerCase()) ?? categories[0] ?? null;
  const selectedIndex = category
    ? category.stocks.find((s) => s.stock_code.toLowerCase() === query.index.toLowerCase()) ?? category.stocks[0] ?? null
    : null;

  const [quote, list] = await Promise.all([
    selectedIndex && category
      ? requireMarketData(getYahoo(ctx, { symbol: selectedIndex.stock_code, market: category.market, mold: "SVG" }))
      : null,
    category
      ? requireMarketData(
          getStockList(ctx, { market: category.market, symbol: query.q || undefined, page: query.page, limit: PAGE_SIZE }),
        )
      : { rows: [], count: 0 },
  ]);

  const pageCount = Math.max(1, Math.ceil(list.count / PAGE_SIZE));
  if (query.page > pageCount) {
    throw redirect(
      marketsHref({ category: category?.category_code, index: selectedIndex?.stock_code, q: query.q, page: pageCount }),
    );
  }

  const index: PriceCardQuote | null =
    quote && selectedIndex && category
      ? {
          symbol: selectedIndex.stock_code,
          name: selectedIndex.stock_name || quote.name,
          market: category.market,
          price: quote.price,
          change: quote.change,
          changePercent: quote.changePercent,
          open: quote.open,
          high: quote.high,
          low: quote.low,
          previousClose: quote.previousClose,
          linePath: quote.linePath ?? null,
          areaPath: quote.areaPath ?? null,
        }
      : null;

  const rows: StockFigures[] = list.rows.map((row) => ({
    symbol: row.stock,
    display: displaySymbol(row.stock, deployment),
    name: row.name,
    market: row.market,
    price: row.prasent,
    change: row.change,
    changePercent: row.percent_change,
  }));

  return json(
    {
      description: t("markets.description"),
      locale,
      deployment: deployment.code,
      asOf: Date.now(),
      categories: categories.map((c) => ({ code: c.category_code, name: c.category_name })),
      category: category ? { code: category.category_code, name: category.category_name, market: category.market } : null,
      indices: category ? category.stocks.map((s) => ({ code: s.stock_code, name: s.stock_name })) : [],
      index,
      q: query.q,
      page: query.page,
      pageCount,
      count: list.count,
      rows,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function Markets() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("markets");
  const fmt: FormatContext = useMemo(
    () => ({ locale: data.locale, deployment: deploymentFor(data.deployment) }),
    [data.locale, data.deployment],
  );
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/markets";

  const symbols = useMemo(
    () => [...(data.index ? [data.index.symbol] : []), ...data.rows.map((row) => row.symbol)],
    [data.index, data.rows],
  );
  const live = useLiveQuotes(symbols, REFRESH_MS, data.asOf);
  const index = data.index ? mergeIndex(data.index, live) : null;
  const rows = data.rows.map((row) => mergeQuote(row, live));

  const categoryCode = data.category?.code ?? "";
  const indexCode = data.index?.symbol ?? "";
  const here = { category: categoryCode, index: indexCode, q: data.q };

  return (
    <div className="mk-page">
      <h1 className="mk-h1">{t("markets.heading")}</h1>

      {data.categories.length === 0 ? <p>{t("markets.noCategories")}</p> : null}

      {data.categories.length > 1 ? (
        <LinkTabs
          label={t("markets.categories")}
          className="mk-pills"
          tabs={data.categories.map((c) => ({
            to: marketsHref({ category: c.code, q: data.q }),
            label: c.name,
            current: c.code === categoryCode,
          }))}
        />
      ) : null}

      {data.indices.length > 1 ? (
        <LinkTabs
          label={t("markets.indices")}
          className="mk-tabs"
          tabs={data.indices.map((i) => ({
            to: marketsHref({ category: categoryCode, index: i.code, q: data.q }),
            label: i.name,
            current: i.code === indexCode,
          }))}
        />
      ) : null}

      {index ? <PriceCard quote={index} fmt={fmt} /> : null}

      {data.category ? (
        <section className="mk-list" aria-labelledby="stocks-heading">
          <h2 id="stocks-heading" className="mk-h2">
            {t("markets.stocksCaption", { category: data.category.name })}
          </h2>
          <SearchForm q={data.q} category={categoryCode} index={indexCode} />
          <p role="status" className="mk-status">
            {data.q
              ? data.count > 0
                ? t("markets.searchResults", { q: data.q, total: formatInteger(data.count, fmt) })
                : t("markets.noResults", { q: data.q })
              : data.count === 0
                ? t("markets.empty")
                : ""}
          </p>
          {rows.length > 0 ? (
            <table className="mk-table" aria-labelledby="stocks-heading" aria-busy={busy || undefined}>
              <thead>
                <tr>
                  <th scope="col">{t("markets.colStock")}</th>
                  <th scope="col">{t("markets.colPrice")}</th>
                  <th scope="col">{t("markets.colChange")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <StockRow key={row.symbol} stock={row} fmt={fmt} />
                ))}
              </tbody>
            </table>
          ) : null}
          {data.count > 0 ? (
            <nav className="mk-pager" aria-label={t("markets.pages")}>
              {data.page > 1 ? (
                <Link rel="prev" to={marketsHref({ ...here, page: data.page - 1 })}>
                  {t("markets.previous")}
                </Link>
              ) : (
                <span />
              )}
              <span>{t("markets.pageOf", { page: formatInteger(data.page, fmt), pages: formatInteger(data.pageCount, fmt) })}</span>
              {data.page < data.pageCount ? (
                <Link rel="next" to={marketsHref({ ...here, page: data.page + 1 })}>
                  {t("markets.next")}
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

function mergeIndex(index: PriceCardQuote, live: ReturnType<typeof useLiveQuotes>): PriceCardQuote {
  const fresh = live.get(index.symbol);
  return fresh ? { ...mergeQuote(index, live), high: fresh.high, low: fresh.low } : index;
}

/**
 * A plain GET form (works without JavaScript: type, press Search). With JavaScript, typing updates the URL
 * 300 ms after the last keystroke, replacing the history entry; an empty term drops `q` (the normal list).
 */
function SearchForm({ q, category, index }: { q: string; category: string; index: string }) {
  const { t } = useTranslation("markets");
  const submit = useSubmit();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  // Back/forward or a category link changes `q` from outside: show it, unless the customer is typing.
  useEffect(() => {
    const input = inputRef.current;
    if (input && document.activeElement !== input) input.value = q;
  }, [q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function search(form: HTMLFormElement) {
    const formData = new FormData(form);
    const term = String(formData.get("q") ?? "").trim();
    if (term) formData.set("q", term);
    else formData.delete("q");
    submit(formData, { method: "get", action: "/markets", replace: true, preventScrollReset: true });
  }

  return (
    <Form
      method="get"
      action="/markets"
      role="search"
      aria-label={t("markets.searchLabel")}
      className="mk-search"
      onSubmit={() => clearTimeout(timer.current)}
    >
      <input type="hidden" name="category" value={category} />
      {index ? <input type="hidden" name="index" value={index} /> : null}
      <label htmlFor="markets-q">{t("markets.searchLabel")}</label>
      <div className="mk-search-row">
        <input
          ref={inputRef}
          id="markets-q"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={MAX_QUERY_LENGTH}
          autoComplete="off"
          spellCheck={false}
          aria-describedby="markets-q-hint"
          onChange={(event) => {
            const form = event.currentTarget.form;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => form && search(form), SEARCH_DEBOUNCE_MS);
          }}
        />
        <button type="submit" className="mk-button">
          {t("markets.searchSubmit")}
        </button>
      </div>
      <p id="markets-q-hint" className="mk-hint">
        {t("markets.searchHint")}
      </p>
      {q ? (
        <p>
          <Link to={marketsHref({ category, index })}>{t("markets.clearSearch")}</Link>
        </p>
      ) : null}
    </Form>
  );
}

export function ErrorBoundary() {
  return <MarketError />;
}
