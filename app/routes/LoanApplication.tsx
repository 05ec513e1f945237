/**
 * /LoanApplication (auth; docs/product.md#loans): the product's other name for the loan records. It renders the
 * same screen as /loan-records (no redirect); its pager stays on this address.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { loadLoanRecords } from "~/features/wallet/loan-records.server";
import { LoanRecords } from "~/features/wallet/LoanRecords";
import { walletLinks } from "~/features/wallet/route-exports";
import { noStoreHeaders } from "~/http/no-store";
import { loanApplicationHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";

export const handle: PageHandle = { i18n: ["wallet:loanRecords"], titleKey: "wallet:loanRecords.title" };
export const links = walletLinks;
export const headers = noStoreHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  return loadLoanRecords(request, loanApplicationHref);
}

export default function LoanApplicationPage() {
  return <LoanRecords data={useLoaderData<typeof loader>()} href={loanApplicationHref} />;
}
