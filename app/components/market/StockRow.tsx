import { Link } from "@remix-run/react";

import { PriceChange } from "~/components/ui/PriceChange";
import { formatMarketMoney, priceDigits } from "~/format";
import type { StockFigures } from "~/provider/market.server";
import { stockHref } from "~/utils/hrefs";
import { useFormat } from "~/utils/format-context";

/**
 * One table row: the stock (code and name), its price in its market's currency, its signed change and percent.
 * The whole row opens the stock (docs/product.md#markets) through its one link, stretched over the row by CSS
 * (`.mk-row`), so the table keeps its semantics and a screen reader hears one link per row.
 */
export function StockRow({ stock }: { stock: StockFigures }) {
  const fmt = useFormat();
  return (
    <tr className="mk-row">
      <th scope="row">
        <Link className="mk-stock" to={stockHref(stock)}>
          <span className="mk-sym">{stock.display}</span>
          <span className="mk-name">{stock.name}</span>
        </Link>
      </th>
      <td className="mk-num">{formatMarketMoney(stock.price, fmt, stock.market)}</td>
      <td className="mk-chgcell">
        <PriceChange change={stock.change} percent={stock.changePercent} decimals={priceDigits(stock.market)} />
      </td>
    </tr>
  );
}
