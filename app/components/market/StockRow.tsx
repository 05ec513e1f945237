import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { PriceChangeFigures, type PriceChangeText } from "~/components/ui/PriceChange";
import { formatMarketMoney } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import type { StockFigures } from "~/provider/market.server";
import { stockHref } from "~/utils/hrefs";

/**
 * One table row: the stock (code and name), its price in its market's currency, its signed change and percent.
 * The whole row opens the stock (docs/product.md#markets) through its one link, stretched over the row by CSS
 * (`.mk-row`), so the table keeps its semantics and a screen reader hears one link per row. With `opens={false}`
 * (the watchlist's edit mode) the row does not open and `children` add its cells (the delete button).
 * `change` is the row's price change in words, made by the table (`usePriceChangeText`, one hook per list).
 */
export function StockRow({
  stock,
  change,
  opens = true,
  marketLabel,
  children,
}: {
  stock: StockFigures;
  change: PriceChangeText;
  opens?: boolean;
  /** The market's name in its own cell, for lists that mix markets (the header's search). */
  marketLabel?: string;
  children?: ReactNode;
}) {
  const fmt = useFormat();
  const identity = (
    <>
      <span className="mk-sym">{stock.display}</span>
      <span className="mk-name">{stock.name}</span>
    </>
  );
  return (
    <tr className={opens ? "mk-row" : undefined}>
      <th scope="row">
        {opens ? (
          <Link className="mk-stock" to={stockHref(stock)}>
            {identity}
          </Link>
        ) : (
          <span className="mk-stock">{identity}</span>
        )}
      </th>
      {marketLabel !== undefined ? <td className="mk-market">{marketLabel}</td> : null}
      <td className="mk-num">{formatMarketMoney(stock.price, fmt, stock.market)}</td>
      <td className="mk-chgcell">
        <PriceChangeFigures text={change} />
      </td>
      {children}
    </tr>
  );
}
