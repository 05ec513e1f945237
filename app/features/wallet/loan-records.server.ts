/**
 * The loan records (docs/product.md#loans), shared by /loan-records (canonical) and /LoanApplication (the same
 * screen under the name the product also uses): ten per page, states 0-5 with their names.
 */
import { json } from "@remix-run/node";

import { NO_STORE } from "~/http/no-store";
import { getLoans, loanFigures, type LoanFigures } from "~/provider/wallet.server";
import { readPage } from "~/utils/pagination";
import { readPagedRows, type PagedRows } from "~/utils/pagination.server";
import { requireUserContext } from "~/utils/request.server";

export type LoanRecordsData = PagedRows<LoanFigures>;

/** The address the records are shown at (`loanRecordsHref` or `loanApplicationHref`): the pager stays on it. */
export type LoanRecordsHref = (query: { page?: number }) => string;

/** The loader of both addresses; a page past the end goes to the last page at the same address. */
export async function loadLoanRecords(request: Request, href: LoanRecordsHref) {
  const context = await requireUserContext(request, "wallet");
  const page = readPage(new URL(request.url).searchParams.get("page"));
  const data: LoanRecordsData = await readPagedRows({
    where: "loan records",
    page,
    read: getLoans(context.provider, page),
    toRow: loanFigures,
    hrefFor: (last) => href({ page: last }),
  });
  return json(data, { status: data.failed ? 503 : 200, headers: NO_STORE });
}
