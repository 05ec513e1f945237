/**
 * /markets (open; docs/product.md#markets): category picker, sub-index tabs, price card of the selected index, the
 * category's stock list paged 10 per page, and search. Every control is a link or a GET form; JavaScript only
 * debounces the search into the URL and repaints prices from /resources/quotes every 3 s. An unknown category or
 * index is never silently replaced: the page redirects to the default with a message saying so. The header's
 * search (`?scope=all&q=`) searches every market and the forex, futures and treasury lists, and shows what it
 * found at the top, each row naming its market (docs/product.md#navigation).
 */
import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";

import { categoryName } from "~/components/market/categoryName";
import { mergeCardQuote, mergeQuote, useLiveQuotes } from "~/components/market/liveQuotes";
import { PriceFreshness, ReadPriceButton } from "~/components/market/LiveStatus";
import { MarketError } from "~/components/market/MarketError";
import { PriceCard } from "~/components/market/PriceCard";
import { StockTable } from "~/components/market/StockTable";
import { SearchInput } from "~/components/ui/CodeSearchForm";
import { Pager } from "~/components/ui/Pager";
import { LinkTabs } from "~/components/ui/Tabs";
import { marketLinks } from "~/features/market/route-exports";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { formatInteger } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { attempt, logFailure, requireData } from "~/provider/failures.server";
import {
  getCategories,
  getStockList,
  getYahoo,
  priceCardFigures,
  stockRowFigures,
  type PriceCardFigures,
  type StockFigures,
} from "~/provider/market.server";
import { currencyRowFigures, getMarketList, getCurrencyList, marketListRowFigures } from "~/provider/trading.server";
import { redirectWithToast } from "~/session/toast.server";
import { marketsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { PAGE_SIZE, pageInfo, readPage, type PageInfo } from "~/utils/pagination";
import { getRequestContext } from "~/utils/request.server";

const SEARCH_DEBOUNCE_MS = 300;
/** docs/product.md#live-prices: stock lists refresh every 3 s. */
const REFRESH_MS = 3_000;
const MAX_QUERY_LENGTH = 40;
/** Rows a search of every market shows from each market or list. */
const FOUND_PER_MARKET = 20;

export const headers = noStoreHeaders;

export const links = marketLinks;

/** The document `<title>` comes from the root through `handle.titleKey` (app/utils/page.ts). */
export const handle: PageHandle = { i18n: ["markets", "quotes"], titleKey: "markets:markets.title" };

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ name: "description", content: data.description }] : [];

export interface MarketsCategory {
  code: string;
  /** The provider's name; the screen shows the translated name of `code`. */
  name: string;
  market: string;
}

export interface MarketsData extends PageInfo {
  description: string;
  /** Epoch ms the figures were read. */
  asOf: number;
  categories: MarketsCategory[];
  category: MarketsCategory | null;
  indices: { symbol: string; name: string }[];
  index: PriceCardFigures | null;
  q: string;
  rows: StockFigures[];
  /** The header's search of every market: what it found, and whether a market could not be searched. */
  found: { q: string; rows: StockFigures[]; incomplete: boolean } | null;
}

function readQuery(url: URL) {
  const text = (name: string, max = 64) => (url.searchParams.get(name) ?? "").trim().slice(0, max);
  const q = text("q", MAX_QUERY_LENGTH);
  const everywhere = url.searchParams.get("scope") === "all" && q !== "";
  return {
    category: text("category"),
    index: text("index"),
    // A search of every market leaves the market below it unfiltered.
    q: everywhere ? "" : q,
    found: everywhere ? q : "",
    page: readPage(url.searchParams.get("page")),
  };
}

/**
 * The header's search (docs/product.md#navigation): every stock market's list, then forex, futures and treasury,
 * each searched for `q`. A market that cannot be searched is left out and the answer says it is incomplete.
 */
async function searchEverywhere(
  context: Awaited<ReturnType<typeof getRequestContext>>,
  markets: readonly string[],
  q: string,
): Promise<NonNullable<MarketsData["found"]>> {
  const { provider, deployment } = context;
  const searches = await Promise.all([
    ...markets.map((market) =>
      attempt(
        getStockList(provider, { market, symbol: q, limit: FOUND_PER_MARKET }).then((list) =>
          list.rows.map((row) => stockRowFigures(row, deployment)),
        ),
      ),
    ),
    attempt(getCurrencyList(provider, { code: q }).then((list) => list.rows.map(currencyRowFigures))),
    ...(["FUTURE", "CGI"] as const).map((market) =>
      attempt(
        getMarketList(provider, { market, code: q }).then((rows) =>
          rows.slice(0, FOUND_PER_MARKET).map((row) => marketListRowFigures(row, deployment)),
        ),
      ),
    ),
  ]);
  const rows: StockFigures[] = [];
  let incomplete = false;
  for (const search of searches) {
    if (search.ok) rows.push(...search.data);
    else {
      incomplete = true;
      logFailure("search of every market", search.failure);
    }
  }
  return { q, rows, incomplete };
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export async function loader({ request }: LoaderFunctionArgs) {
  const query = readQuery(new URL(request.url));
  const context = await getRequestContext(request, "markets");
  const { t, provider, deployment } = context;

  const categories = await requireData(getCategories(provider));
  const category = query.category ? categories.find((c) => same(c.category_code, query.category)) : categories[0];
  if (!category && query.category) {
    // Not listed in this deployment (IN under MXN, MX under INR) or unknown: say so, show the default.
    throw await redirectWithToast(marketsHref({ q: query.q }), {
      key: "markets:markets.unknownCategory",
      values: { category: query.category },
      type: "error",
    });
  }
  const selectedIndex = category
    ? query.index
      ? category.stocks.find((s) => same(s.stock_code, query.index))
      : category.stocks[0]
    : undefined;
  if (category && !selectedIndex && query.index) {
    throw await redirectWithToast(marketsHref({ category: category.category_code, q: query.q }), {
      key: "markets:markets.unknownIndex",
      values: { index: query.index },
      type: "error",
    });
  }

  const [quote, list, found] = await Promise.all([
    selectedIndex && category
      ? requireData(getYahoo(provider, { symbol: selectedIndex.stock_code, market: category.market, mold: "SVG" }))
      : null,
    category
      ? requireData(
          getStockList(provider, {
            market: category.market,
            symbol: query.q || undefined,
            page: query.page,
            limit: PAGE_SIZE,
          }),
        )
      : { rows: [], count: 0 },
    query.found
      ? searchEverywhere(
          context,
          categories.map((c) => c.market),
          query.found,
        )
      : null,
  ]);

  const pages = pageInfo(query.page, list.count);
  if (query.page > pages.pageCount) {
    throw redirect(
      marketsHref({
        category: category?.category_code,
        index: selectedIndex?.stock_code,
        q: query.q,
        page: pages.pageCount,
      }),
    );
  }

  const toCategory = (c: (typeof categories)[number]): MarketsCategory => ({
    code: c.category_code,
    name: c.category_name,
    market: c.market,
  });
  const data: MarketsData = {
    description: t("markets.description"),
    asOf: Date.now(),
    categories: categories.map(toCategory),
    category: category ? toCategory(category) : null,
    indices: category ? category.stocks.map((s) => ({ symbol: s.stock_code, name: s.stock_name })) : [],
    index:
      quote && selectedIndex && category
        ? priceCardFigures(
            quote,
            { symbol: selectedIndex.stock_code, name: selectedIndex.stock_name, market: category.market },
            deployment,
          )
        : null,
    q: query.q,
    rows: list.rows.map((row) => stockRowFigures(row, deployment)),
    found,
    ...pages,
  };
  return json(data, { headers: NO_STORE });
}

export default function Markets() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("markets");
  const fmt = useFormat();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/markets";

  const symbols = useMemo(
    () => [
      ...(data.found ? data.found.rows.map((row) => row.symbol) : []),
      ...(data.index ? [data.index.symbol] : []),
      ...data.rows.map((row) => row.symbol),
    ],
    [data.found, data.index, data.rows],
  );
  const live = useLiveQuotes(symbols, REFRESH_MS, data.asOf);
  const index = data.index ? mergeCardQuote(data.index, live) : null;
  const rows = data.rows.map((row) => mergeQuote(row, live));
  const found = data.found ? { ...data.found, rows: data.found.rows.map((row) => mergeQuote(row, live)) } : null;

  const categoryCode = data.category?.code ?? "";
  const indexCode = data.index?.symbol ?? "";
  const here = { category: categoryCode, index: indexCode, q: data.q };

  return (
    <div className="mk-page">
      <h1 className="mk-h1">{t("markets.heading")}</h1>

      {found ? (
        <section className="mk-list" aria-labelledby="found-heading">
          <h2 id="found-heading" className="mk-h2">
            {t("markets.everywhere.heading", { q: found.q })}
          </h2>
          <p role="status" className="mk-status">
            {found.rows.length > 0
              ? t("markets.searchResults", {
                  count: found.rows.length,
                  q: found.q,
                  total: formatInteger(found.rows.length, fmt),
                })
              : t("markets.everywhere.none", { q: found.q })}
            {found.incomplete ? ` ${t("markets.everywhere.incomplete")}` : null}
          </p>
          {found.rows.length > 0 ? (
            <StockTable
              rows={found.rows}
              labelledBy="found-heading"
              busy={busy}
              marketOf={(row) => categoryName(t, { code: row.market, name: row.market })}
              columns={[t("markets.colStock"), t("markets.colMarket"), t("markets.colPrice"), t("markets.colChange")]}
            />
          ) : null}
          <p>
            <Link to={marketsHref({ category: categoryCode || undefined, index: indexCode || undefined })}>
              {t("markets.clearSearch")}
            </Link>
          </p>
        </section>
      ) : null}

      {data.categories.length === 0 ? <p>{t("markets.noCategories")}</p> : null}

      {data.categories.length > 1 ? (
        <LinkTabs
          label={t("markets.categories")}
          className="mk-pills"
          tabs={data.categories.map((c) => ({
            to: marketsHref({ category: c.code, q: data.q }),
            label: categoryName(t, c),
            current: c.code === categoryCode,
          }))}
        />
      ) : null}

      {data.indices.length > 1 ? (
        <LinkTabs
          label={t("markets.indices")}
          className="mk-tabs"
          tabs={data.indices.map((i) => ({
            to: marketsHref({ category: categoryCode, index: i.symbol, q: data.q }),
            label: i.name,
            current: i.symbol === indexCode,
          }))}
        />
      ) : null}

      {data.category ? <PriceFreshness asOf={live.asOf} stale={live.stale} /> : null}

      {index ? (
        <PriceCard quote={index}>
          <ReadPriceButton quote={index} live={live} />
        </PriceCard>
      ) : null}

      {data.category ? (
        <section className="mk-list" aria-labelledby="stocks-heading">
          <h2 id="stocks-heading" className="mk-h2">
            {t("markets.stocksCaption", { category: categoryName(t, data.category) })}
          </h2>
          <SearchForm q={data.q} category={categoryCode} index={indexCode} />
          <p role="status" className="mk-status">
            {data.q
              ? data.total > 0
                ? t("markets.searchResults", { count: data.total, q: data.q, total: formatInteger(data.total, fmt) })
                : t("markets.noResults", { q: data.q })
              : data.total === 0
                ? t("markets.empty")
                : ""}
          </p>
          {rows.length > 0 ? (
            <StockTable
              rows={rows}
              labelledBy="stocks-heading"
              busy={busy}
              columns={[t("markets.colStock"), t("markets.colPrice"), t("markets.colChange")]}
            />
          ) : null}
          <Pager
            page={data.page}
            pageCount={data.pageCount}
            total={data.total}
            hrefFor={(page) => marketsHref({ ...here, page })}
          />
        </section>
      ) : null}
    </div>
  );
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
        <SearchInput
          ref={inputRef}
          id="markets-q"
          name="q"
          defaultValue={q}
          maxLength={MAX_QUERY_LENGTH}
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
