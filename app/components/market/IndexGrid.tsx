import { usePriceChangeText } from "~/components/ui/PriceChange";
import { priceDigits } from "~/i18n/format";
import type { IndexFigures } from "~/provider/market.server";
import { marketsHref } from "~/utils/hrefs";

import { IndexCard } from "./IndexCard";
import { mergeQuote, type LiveQuotes } from "./liveQuotes";

/** One category's index cards with their live levels (home and watchlist); each opens that index on /markets. */
export function IndexGrid({
  category,
  live,
}: {
  category: { code: string; market: string; indices: IndexFigures[] };
  live: Pick<LiveQuotes, "get">;
}) {
  const changeText = usePriceChangeText();
  return (
    <ul className="mk-grid" role="list">
      {category.indices.map((index) => {
        const figures = mergeQuote(index, live);
        return (
          <li key={index.symbol}>
            <IndexCard
              index={figures}
              change={changeText(figures.change, figures.changePercent, priceDigits(category.market))}
              market={category.market}
              href={marketsHref({ category: category.code, index: index.symbol })}
            />
          </li>
        );
      })}
    </ul>
  );
}
