/**
 * /LoanApplication (auth; docs/product.md#loans): the product's other name for the loan records. It renders the
 * same screen as /loan-records (no redirect); its pager stays on this address.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { LoanRecords, loanRecordsExports } from "~/features/wallet/LoanRecords";
import { loadLoanRecords } from "~/features/wallet/loan-records.server";
import { loanApplicationHref } from "~/utils/hrefs";

export const { handle, links, headers } = loanRecordsExports;

export async function loader({ request }: LoaderFunctionArgs) {
  return loadLoanRecords(request, loanApplicationHref);
}

export default function LoanApplicationPage() {
  return <LoanRecords data={useLoaderData<typeof loader>()} href={loanApplicationHref} />;
}
