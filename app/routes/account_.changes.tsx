/**
 * /account/changes (auth; docs/product.md#wallet): the bill list, tabs All, Income, Expense (`?type=`), ten per
 * page. Every row says why the balance moved (order, recharge, withdrawal, loan, fee, IPO, fund…), the balance after
 * it, and links to what caused it: an order (and its fee) to its row in the records, a recharge or withdrawal to its
 * details, a loan to the loan records, an IPO hold to its application, a fund purchase to its fund order.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { RecordTime } from "~/components/ui/FigureList";
import { PagedList } from "~/components/ui/PagedList";
import { LinkTabs } from "~/components/ui/Tabs";
import { walletLinks } from "~/features/wallet/route-exports";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { formatMoney } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { billFigures, getBills, type BillFigures, type BillType } from "~/provider/wallet.server";
import { billsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { readPage } from "~/utils/pagination";
import { readPagedRows, type PagedRows } from "~/utils/pagination.server";
import { requireUserContext } from "~/utils/request.server";

export const handle: PageHandle = { i18n: ["wallet:bills"], titleKey: "wallet:bills.title" };
export const links = walletLinks;
export const headers = noStoreHeaders;

const BILL_TYPES: readonly BillType[] = ["all", "income", "expense"];

function readBillType(value: string | null): BillType {
  return BILL_TYPES.find((type) => type === value) ?? "all";
}

export interface BillsData extends PagedRows<BillFigures> {
  type: BillType;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "wallet");
  const url = new URL(request.url);
  const type = readBillType(url.searchParams.get("type"));
  const page = readPage(url.searchParams.get("page"));
  const bills = await readPagedRows({
    where: "bills",
    page,
    read: getBills(context.provider, { type, page }),
    toRow: billFigures,
    hrefFor: (last) => billsHref({ type, page: last }),
  });
  const data: BillsData = { ...bills, type };
  return json(data, { status: bills.failed ? 503 : 200, headers: NO_STORE });
}

/**
 * The text of a row's link to its cause: "Order 2026…", "Recharge 12", "Loan 3", "IPO application 7", "Fund order 4".
 * A fee names the order it was charged on.
 */
function causeKey(row: BillFigures) {
  switch (row.kind) {
    case "order":
    case "fee":
      return "bills.link.order" as const;
    case "recharge":
      return "bills.link.recharge" as const;
    case "withdrawal":
    case "withdrawal_returned":
      return "bills.link.withdraw" as const;
    case "loan":
    case "loan_repayment":
      return "bills.link.loan" as const;
    case "ipo":
      return "bills.link.ipo" as const;
    case "fund":
      return "bills.link.fund" as const;
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
        tabs={BILL_TYPES.map((type) => ({
          to: billsHref({ type }),
          label: t(`bills.tab.${type}`),
          current: type === data.type,
        }))}
      />
      <PagedList
        data={data}
        hrefFor={(page) => billsHref({ type: data.type, page })}
        failedText={t("bills.failed")}
        retryLabel={t("bills.retry")}
        emptyText={t("bills.empty")}
        emptyClassName="wl-empty"
      >
        {(rows) => (
          <ul className="list wl-records" aria-label={t(`bills.tab.${data.type}`)}>
            {rows.map((row) => {
              const cause = causeKey(row);
              return (
                <li key={row.id} className="wl-record">
                  <div className="wl-record__main">
                    <span className="wl-bill-kind">{t([`bills.kind.${row.kind}`, "bills.kind.other"])}</span>
                    <span className={`wl-amount wl-amount--${row.type}`}>
                      <span className="sr-only">{t(row.type === "income" ? "bills.income" : "bills.expense")} </span>
                      <span aria-hidden="true">{row.type === "income" ? "+" : "\u2212"}</span>
                      {formatMoney(row.amount, fmt)}
                    </span>
                  </div>
                  <div className="wl-record__meta">
                    <RecordTime value={row.time} />
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
      </PagedList>
    </div>
  );
}
