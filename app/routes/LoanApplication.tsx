/**
 * /LoanApplication (auth; docs/product.md#loans): the product's other name for the loan records. It renders the
 * same screen as /loan-records (no redirect); its pager stays on this address.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { LoanRecords } from "~/features/wallet/LoanRecords";
import { loadLoanRecords } from "~/features/wallet/loan-records.server";
import { walletHeaders, walletLinks } from "~/features/wallet/route-exports";
import { loanApplicationHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { readPage } from "~/utils/pagination";
import { requireUserContext } from "~/utils/request.server";

export const handle: PageHandle = { i18n: ["wallet"], titleKey: "wallet:loanRecords.title" };
export const links = walletLinks;
export const headers = walletHeaders;

const hrefFor = (page: number) => loanApplicationHref({ page });

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "wallet");
  return loadLoanRecords(context, readPage(new URL(request.url).searchParams.get("page")), hrefFor);
}

export default function LoanApplicationPage() {
  return <LoanRecords data={useLoaderData<typeof loader>()} hrefFor={hrefFor} />;
}
