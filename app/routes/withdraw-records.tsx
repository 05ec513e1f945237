/** /withdraw-records (auth; docs/product.md#withdraw): the records screen on its withdraw tab. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { loadMoneyRecords } from "~/features/wallet/money-records.server";
import { MoneyRecords } from "~/features/wallet/MoneyRecords";
import { walletLinks } from "~/features/wallet/route-exports";
import { noStoreHeaders } from "~/http/no-store";
import type { PageHandle } from "~/utils/page";
import { readPage } from "~/utils/pagination";
import { requireUserContext } from "~/utils/request.server";

export const handle: PageHandle = { i18n: ["wallet:records", "wallet:status"], titleKey: "wallet:records.title" };
export const links = walletLinks;
export const headers = noStoreHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "wallet");
  return loadMoneyRecords(context, "withdraw", readPage(new URL(request.url).searchParams.get("page")));
}

export default function WithdrawRecordsPage() {
  return <MoneyRecords data={useLoaderData<typeof loader>()} />;
}
