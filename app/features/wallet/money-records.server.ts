/**
 * The recharge and withdrawal records (docs/product.md#recharge, #withdraw), shared by /recharge-records/{type?}
 * and /withdraw-records: one tab per kind, ten per page; a page past the end goes to the last page; a provider
 * failure is the screen's own "loading failed, please retry" (HTTP 503).
 */
import { json, redirect } from "@remix-run/node";

import { attempt, logFailure } from "~/provider/failures.server";
import { getRecharges, getWithdrawals, transferFigures, type TransferFigures } from "~/provider/wallet.server";
import { rechargeRecordsHref, withdrawRecordsHref } from "~/utils/hrefs";
import { pageInfo, type PageInfo } from "~/utils/pagination";
import type { UserRequestContext } from "~/utils/request.server";

export type MoneyRecordsTab = "recharge" | "withdraw";

export interface MoneyRecordsData extends PageInfo {
  tab: MoneyRecordsTab;
  failed: boolean;
  rows: TransferFigures[];
}

export const moneyRecordsHref = (tab: MoneyRecordsTab, page = 1) =>
  tab === "recharge" ? rechargeRecordsHref({ page }) : withdrawRecordsHref({ page });

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loadMoneyRecords(context: UserRequestContext, tab: MoneyRecordsTab, page: number) {
  const records = await attempt(tab === "recharge" ? getRecharges(context.provider, page) : getWithdrawals(context.provider, page));
  if (!records.ok) {
    logFailure(`${tab} records`, records.failure);
    const data: MoneyRecordsData = { ...pageInfo(page, 0), tab, failed: true, rows: [] };
    return json(data, { status: 503, headers: NO_STORE });
  }
  const info = pageInfo(page, records.data.count);
  if (page > info.pageCount) throw redirect(moneyRecordsHref(tab, info.pageCount));
  const data: MoneyRecordsData = { ...info, tab, failed: false, rows: records.data.rows.map(transferFigures) };
  return json(data, { headers: NO_STORE });
}
