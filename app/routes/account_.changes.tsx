/**
 * /account/changes (auth; docs/product.md#wallet): the bill list, tabs All, Income, Expense (`?type=`), ten per
 * page. Every row says why the balance moved (order, recharge, withdrawal, loan, fee…), the balance after it, and
 * links to what caused it: an order to the records, a recharge or withdrawal to its details, a loan to the loan
 * records.
 */
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { Pager } from "~/components/ui/Pager";
import { LinkTabs } from "~/components/ui/Tabs";
import { formatDateTime } from "~/features/wallet/dates";
import { walletHeaders, walletLinks } from "~/features/wallet/route-exports";
import { formatMoney } from "~/format";
import { useTranslation } from "~/i18n-react";
import { attempt, logFailure } from "~/provider/failures.server";
import { billFigures, getBills, type BillFigures, type BillType } from "~/provider/wallet.server";
import { useFormat } from "~/utils/format-context";
import { billsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { pageInfo, readPage, type PageInfo } from "~/utils/pagination";
import { requireUserContext } from "~/utils/request.server";

export const handle: PageHandle = { i18n: ["wallet"], titleKey: "wallet:bills.title" };
export const links = walletLinks;
export const headers = walletHeaders;

const BILL_TYPES: readonly BillType[] = ["all", "income", "expense"];
const NO_STORE = { "Cache-Control": "private, no-store" };

function readBillType(value: string | null): BillType {
  return BILL_TYPES.find((type) => type === value) ?? "all";
}

export interface BillsData extends PageInfo {
  type: BillType;
  failed: boolean;
  rows: BillFigures[];
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "wallet");
  const url = new URL(request.url);
  const type = readBillType(url.searchParams.get("type"));
  const page = readPage(url.searchParams.get("page"));
  const bills = await attempt(getBills(context.provider, { type, page }));
  if (!bills.ok) {
    logFailure("bills", bills.failure);
    const data: BillsData = { ...pageInfo(page, 0), type, failed: true, rows: [] };
    return json(data, { status: 503, headers: NO_STORE });
  }
  const info = pageInfo(page, bills.data.count);
  if (page > info.pageCount) throw redirect(billsHref({ type, page: info.pageCount }));
  const data: BillsData = { ...info, type, failed: false, rows: bills.data.rows.map(billFigures) };
  return json(data, { headers: NO_STORE });
}

/** The text of a row's link to its cause: "Order 2026…", "Recharge 12", "Loan 3". */
function causeKey(row: BillFigures) {
  switch (row.kind) {
    case "order":
      return "bills.link.order" as const;
    case "recharge":
      return "bills.link.recharge" as const;
    case "withdrawal":
    case "withdrawal_returned":
      return "bills.link.withdraw" as const;
    case "loan":
    case "loan_repayment":
      return "bills.link.loan" as const;
    default:
      return null;
  }
}

export default function BillsPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("wallet");
  const fmt = useFormat();
  return (
    <div className="wl-page">
      <h1 tabIndex={-1}>{t("bills.heading")}</h1>
      <LinkTabs
        label={t("bills.tabs")}
        tabs={BILL_TYPES.map((type) => ({ to: billsHref({ type }), label: t(`bills.tab.${type}`), current: type === data.type }))}
      />
      {data.failed ? (
        <div className="notice">
          <p>{t("bills.failed")}</p>
          <Link to={billsHref({ type: data.type, page: data.page })} reloadDocument className="button button--secondary">
            {t("bills.retry")}
          </Link>
        </div>
      ) : data.rows.length === 0 ? (
        <p className="wl-empty">{t("bills.empty")}</p>
      ) : (
        <ul className="list wl-records" aria-label={t(`bills.tab.${data.type}`)}>
          {data.rows.map((row) => {
            const cause = causeKey(row);
            return (
              <li key={row.id} className="wl-record">
                <div className="wl-record__main">
                  <span className="wl-bill-kind">{t(`bills.kind.${row.kind}`)}</span>
                  <span className={`wl-amount wl-amount--${row.type}`}>
                    <span className="sr-only">{t(row.type === "income" ? "bills.income" : "bills.expense")} </span>
                    <span aria-hidden="true">{row.type === "income" ? "+" : "\u2212"}</span>
                    {formatMoney(row.amount, fmt)}
                  </span>
                </div>
                <div className="wl-record__meta">
                  <time dateTime={row.time}>{formatDateTime(row.time, fmt)}</time>
                  <span>{t("bills.balanceAfter", { amount: formatMoney(row.balance, fmt) })}</span>
                </div>
                {row.href && cause && row.ref ? (
                  <p className="wl-record__cause">
                    <Link to={row.href}>{t(cause, { ref: row.ref })}</Link>
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <Pager page={data.page} pageCount={data.pageCount} total={data.total} hrefFor={(page) => billsHref({ type: data.type, page })} />
    </div>
  );
}
