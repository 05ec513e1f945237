import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { StockRow } from "~/components/market/StockRow";
import { canShowModal } from "~/components/ui/ConfirmDialog";
import { usePriceChangeText } from "~/components/ui/PriceChange";
import { priceDigits } from "~/i18n/format";
import type { StockFigures } from "~/provider/market.server";
import { newAlertHref, watchlistHref } from "~/utils/hrefs";

/**
 * The saved stocks as a table. Normally each row opens the stock (the whole row is its link); in edit mode rows do
 * not open and each has a Delete link to its confirm step, which with JavaScript opens the list's one dialog
 * (`onDelete`) instead (docs/product.md#watchlist). Where the provider has price alerts, each row of the edit list
 * also links to a new alert for its stock (docs/product.md#price-alerts).
 */
export function SavedStocks({
  rows,
  edit,
  alerts = false,
  page,
  onDelete,
}: {
  rows: StockFigures[];
  edit: boolean;
  alerts?: boolean;
  page: number;
  onDelete: (row: StockFigures) => void;
}) {
  const { t } = useTranslation("watchlist");
  const { t: ta } = useTranslation("alerts");
  const changeText = usePriceChangeText();
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
        {rows.map((row) => (
          <StockRow
            key={row.symbol}
            stock={row}
            change={changeText(row.change, row.changePercent, priceDigits(row.market))}
            opens={!edit}
          >
            {edit ? (
              <td>
                {alerts ? (
                  <>
                    <Link
                      className="button button--small button--secondary"
                      to={newAlertHref(row.symbol, watchlistHref({ page, edit: true }))}
                    >
                      {ta("watchlist.add")}
                      {/* Short on screen beside Delete; the stock's name for a screen reader. */}
                      <span className="sr-only"> {ta("watchlist.addFor", { name: row.name })}</span>
                    </Link>{" "}
                  </>
                ) : null}
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
            ) : null}
          </StockRow>
        ))}
      </tbody>
    </table>
  );
}
