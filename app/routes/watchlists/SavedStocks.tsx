import { Link } from "@remix-run/react";

import { StockRow } from "~/components/market/StockRow";
import { canShowModal } from "~/components/ui/ConfirmDialog";
import { PriceChange } from "~/components/ui/PriceChange";
import { formatMarketMoney, priceDigits } from "~/format";
import { useTranslation } from "~/i18n-react";
import type { StockFigures } from "~/provider/market.server";
import { useFormat } from "~/utils/format-context";
import { watchlistHref } from "~/utils/hrefs";

/**
 * The saved stocks as a table. Normally each row opens the stock (the whole row is its link); in edit mode rows do
 * not open and each has a Delete link to its confirm step, which with JavaScript opens the list's one dialog
 * (`onDelete`) instead (docs/product.md#watchlist).
 */
export function SavedStocks({
  rows,
  edit,
  page,
  onDelete,
}: {
  rows: StockFigures[];
  edit: boolean;
  page: number;
  onDelete: (row: StockFigures) => void;
}) {
  const { t } = useTranslation("stock");
  const fmt = useFormat();
  return (
    <table className="mk-table sc-watch-table" aria-labelledby="wl-saved">
      <thead>
        <tr>
          <th scope="col">{t("watchlist.colStock")}</th>
          <th scope="col">{t("watchlist.colPrice")}</th>
          <th scope="col">{t("watchlist.colChange")}</th>
          {edit ? <th scope="col">{t("watchlist.colAction")}</th> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) =>
          edit ? (
            <tr key={row.symbol}>
              <th scope="row">
                <span className="mk-stock">
                  <span className="mk-sym">{row.display}</span>
                  <span className="mk-name">{row.name}</span>
                </span>
              </th>
              <td className="mk-num">{formatMarketMoney(row.price, fmt, row.market)}</td>
              <td className="mk-chgcell">
                <PriceChange change={row.change} percent={row.changePercent} decimals={priceDigits(row.market)} />
              </td>
              <td>
                <Link
                  className="button button--small button--danger"
                  to={watchlistHref({ page, edit: true, confirm: row.symbol })}
                  aria-label={t("watchlist.deleteName", { name: row.name })}
                  onClick={(event) => {
                    if (!canShowModal()) return;
                    event.preventDefault();
                    onDelete(row);
                  }}
                >
                  {t("watchlist.delete")}
                </Link>
              </td>
            </tr>
          ) : (
            <StockRow key={row.symbol} stock={row} />
          ),
        )}
      </tbody>
    </table>
  );
}
