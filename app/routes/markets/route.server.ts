/** /markets' loader (docs/decisions/0201-route-shape.md): the category, index and page from the URL, the header's
 * search of every market, and redirects with a message for an unknown category or index. */
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";

import { NO_STORE } from "~/http/no-store";
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
import { PAGE_SIZE, pageInfo, readPage, type PageInfo } from "~/utils/pagination";
import { getRequestContext } from "~/utils/request.server";

import { MAX_QUERY_LENGTH } from "./query";

/** Rows a search of every market shows from each market or list. */
const FOUND_PER_MARKET = 20;

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
