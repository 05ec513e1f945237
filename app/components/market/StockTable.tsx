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
}: {
  rows: readonly StockFigures[];
  /** The column headings: name, price, change. */
  columns: readonly [name: string, price: string, change: string];
  caption?: string;
  labelledBy?: string;
  busy?: boolean;
}) {
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
          <StockRow key={row.symbol} stock={row} />
        ))}
      </tbody>
    </table>
  );
}
