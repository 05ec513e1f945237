/** /loan-records (auth; docs/product.md#loans): the loan records (canonical; /LoanApplication shows the same). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { LoanRecords, loanRecordsExports } from "~/features/wallet/LoanRecords";
import { loadLoanRecords } from "~/features/wallet/loan-records.server";
import { loanRecordsHref } from "~/utils/hrefs";

export const { handle, links, headers } = loanRecordsExports;

export async function loader({ request }: LoaderFunctionArgs) {
  return loadLoanRecords(request, loanRecordsHref);
}

export default function LoanRecordsPage() {
  return <LoanRecords data={useLoaderData<typeof loader>()} href={loanRecordsHref} />;
}
