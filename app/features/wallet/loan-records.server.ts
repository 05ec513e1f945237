/**
 * The loan records (docs/product.md#loans), shared by /loan-records (canonical) and /LoanApplication (the same
 * screen under the name the product also uses): ten per page, states 0-5 with their names.
 */
import { json, redirect } from "@remix-run/node";

import { attempt, logFailure } from "~/provider/failures.server";
import { getLoans, loanFigures, type LoanFigures } from "~/provider/wallet.server";
import { pageInfo, type PageInfo } from "~/utils/pagination";
import type { UserRequestContext } from "~/utils/request.server";

export interface LoanRecordsData extends PageInfo {
  failed: boolean;
  rows: LoanFigures[];
}

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loadLoanRecords(context: UserRequestContext, page: number, hrefFor: (page: number) => string) {
  const loans = await attempt(getLoans(context.provider, page));
  if (!loans.ok) {
    logFailure("loan records", loans.failure);
    const data: LoanRecordsData = { ...pageInfo(page, 0), failed: true, rows: [] };
    return json(data, { status: 503, headers: NO_STORE });
  }
  const info = pageInfo(page, loans.data.count);
  if (page > info.pageCount) throw redirect(hrefFor(info.pageCount));
  const data: LoanRecordsData = { ...info, failed: false, rows: loans.data.rows.map(loanFigures) };
  return json(data, { headers: NO_STORE });
}
