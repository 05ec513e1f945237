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
  return (
    <ul className="mk-grid" role="list">
      {category.indices.map((index) => (
        <li key={index.symbol}>
          <IndexCard
            index={mergeQuote(index, live)}
            market={category.market}
            href={marketsHref({ category: category.code, index: index.symbol })}
          />
        </li>
      ))}
    </ul>
  );
}
