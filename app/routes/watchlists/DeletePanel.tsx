import { useTranslation } from "react-i18next";

import { ConfirmPanel } from "~/components/ui/ConfirmDialog";
import type { StockFigures } from "~/provider/market.server";
import { watchlistHref } from "~/utils/hrefs";

/**
 * "Confirm delete" for one saved stock (docs/decisions/0041-watchlist-edit-without-js.md): the server-rendered
 * step without JavaScript, the content of the list's one dialog with it. Its POST returns to the same edit page.
 */
export function DeletePanel({ row, page, inDialog }: { row: StockFigures; page: number; inDialog: boolean }) {
  const { t } = useTranslation("watchlist");
  const back = watchlistHref({ page, edit: true });
  return (
    <ConfirmPanel
      title={t("watchlist.confirmTitle")}
      text={t("watchlist.confirmText", { name: row.name, symbol: row.display })}
      action={back}
      confirmLabel={t("watchlist.confirmYes")}
      cancelLabel={t("watchlist.cancel")}
      cancelHref={back}
      inDialog={inDialog}
      hidden={{ intent: "delete", symbol: row.symbol, name: row.name, page: String(page) }}
    />
  );
}
