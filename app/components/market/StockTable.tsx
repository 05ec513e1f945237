import { usePriceChangeText } from "~/components/ui/PriceChange";
import { priceDigits } from "~/i18n/format";
import type { StockFigures } from "~/provider/market.server";

import { StockRow } from "./StockRow";

/**
 * A table of stock rows (docs/product.md#markets): name, price and change columns, each row opening its stock.
 * Named either by a visually hidden `caption` or by a heading (`labelledBy`); `busy` while a search reloads it.
 */
export function StockTable({
  rows,
  columns,
  caption,
  labelledBy,
  busy,
  marketOf,
}: {
  rows: readonly StockFigures[];
  /** The column headings: name, price, change, and the market's when `marketOf` names each row's market. */
  columns:
    | readonly [name: string, price: string, change: string]
    | readonly [name: string, market: string, price: string, change: string];
  caption?: string;
  labelledBy?: string;
  busy?: boolean;
  /** A search across markets says which market each row is in (docs/product.md#navigation). */
  marketOf?: (row: StockFigures) => string;
}) {
  const changeText = usePriceChangeText();
  return (
    <table className="mk-table" aria-labelledby={labelledBy} aria-busy={busy || undefined}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <StockRow
            key={`${row.market}:${row.symbol}`}
            stock={row}
            change={changeText(row.change, row.changePercent, priceDigits(row.market))}
            marketLabel={marketOf?.(row)}
          />
        ))}
      </tbody>
    </table>
  );
}
