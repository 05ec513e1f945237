/**
 * The recharge and withdrawal records (docs/product.md#recharge, #withdraw), shared by /recharge-records/{type?}
 * and /withdraw-records: one tab per kind, ten per page; a page past the end goes to the last page; a provider
 * failure is the screen's own "loading failed, please retry" (HTTP 503).
 */
import { json } from "@remix-run/node";

import { NO_STORE } from "~/http/no-store";
import { getRecharges, getWithdrawals, transferFigures, type TransferFigures } from "~/provider/wallet.server";
import { rechargeRecordsHref, withdrawRecordsHref } from "~/utils/hrefs";
import { readPagedRows, type PagedRows } from "~/utils/pagination.server";
import type { UserRequestContext } from "~/utils/request.server";

export type MoneyRecordsTab = "recharge" | "withdraw";

export interface MoneyRecordsData extends PagedRows<TransferFigures> {
  tab: MoneyRecordsTab;
}

export const moneyRecordsHref = (tab: MoneyRecordsTab, page = 1) =>
  tab === "recharge" ? rechargeRecordsHref({ page }) : withdrawRecordsHref({ page });

export async function loadMoneyRecords(context: UserRequestContext, tab: MoneyRecordsTab, page: number) {
  const rows = await readPagedRows({
    where: `${tab} records`,
    page,
    read: tab === "recharge" ? getRecharges(context.provider, page) : getWithdrawals(context.provider, page),
    toRow: transferFigures,
    hrefFor: (last) => moneyRecordsHref(tab, last),
  });
  const data: MoneyRecordsData = { ...rows, tab };
  return json(data, { status: rows.failed ? 503 : 200, headers: NO_STORE });
}
