import { Link } from "@remix-run/react";

import { PriceChange } from "~/components/ui/PriceChange";

import { formatPrice, priceDigits, type FormatContext } from "~/format";

import { stockHref } from "./hrefs";


export interface StockFigures {
  /** Provider symbol, e.g. `RELIANCE.NS`. */
  symbol: string;
  /** Symbol as shown (INR hides `.NS`/`.BO`). */
  display: string;
  name: string;
  market: string;
  price: number;
  change: number;
  changePercent: number;
}

/** One table row: the stock (symbol and name, a link), its price, its signed change and percent. */
export function StockRow({ stock, fmt }: { stock: StockFigures; fmt: FormatContext }) {
  return (
    <tr>
      <th scope="row">
        <Link className="mk-stock" to={stockHref(stock)}>
          <span className="mk-sym">{stock.display}</span>
          <span className="mk-name">{stock.name}</span>
        </Link>
      </th>
      <td className="mk-num">{formatPrice(stock.price, fmt, stock.market)}</td>
      <td className="mk-chgcell">
        <PriceChange change={stock.change} percent={stock.changePercent} decimals={priceDigits(stock.market)} />
      </td>
    </tr>
  );
}
