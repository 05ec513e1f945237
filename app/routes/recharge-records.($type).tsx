/**
 * /recharge-records/{type?} (auth; docs/product.md#recharge): the recharge and withdrawal records, recharge tab
 * first; `type` may name the tab (`recharge` or `withdraw`, the latter the same screen as /withdraw-records).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
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

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "wallet");
  const type = params.type ?? "recharge";
  if (type !== "recharge" && type !== "withdraw") throw json({ code: "not_found" }, { status: 404 });
  return loadMoneyRecords(context, type, readPage(new URL(request.url).searchParams.get("page")));
}

export default function RechargeRecordsPage() {
  return <MoneyRecords data={useLoaderData<typeof loader>()} />;
}
