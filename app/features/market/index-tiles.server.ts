/**
 * The index cards of home and the watchlist (docs/product.md#home, #watchlist): each market category with its
 * indices' current levels, read with one quotes call for all of them.
 */
import type { ProviderContext } from "~/provider/core.server";
import { requireData } from "~/provider/failures.server";
import { getCategories, getPanelQuotes, indexFigures, type IndexFigures } from "~/provider/market.server";

export interface IndexCategory {
  /** The category code (IN, MX, US): screens translate the name from it (markets:categoryNames). */
  code: string;
  /** The provider's name, shown only for a code without a translation. */
  name: string;
  market: string;
  indices: IndexFigures[];
}

/**
 * Every listed category's index cards, or with `homeMarket` only the deployment's home market (falling back to
 * the first category). Categories without a quoted index are left out. Failures are the page's (`requireData`).
 */
export async function loadIndexTiles(
  provider: ProviderContext,
  options: { homeMarket?: string } = {},
): Promise<IndexCategory[]> {
  const all = await requireData(getCategories(provider));
  const categories = options.homeMarket
    ? [all.find((category) => category.market === options.homeMarket) ?? all[0]].filter(
        (category) => category !== undefined,
      )
    : all;
  const symbols = categories.flatMap((category) => category.stocks.map((index) => index.stock_code));
  const quotes = symbols.length > 0 ? await requireData(getPanelQuotes(provider, symbols)) : [];
  const bySymbol = new Map(quotes.map((quote) => [quote.symbol, quote]));
  return categories
    .map((category) => ({
      code: category.category_code,
      name: category.category_name,
      market: category.market,
      indices: category.stocks.flatMap((index) => {
        const quote = bySymbol.get(index.stock_code);
        return quote ? [indexFigures(index, quote)] : [];
      }),
    }))
    .filter((category) => category.indices.length > 0);
}
