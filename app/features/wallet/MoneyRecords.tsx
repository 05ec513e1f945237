import { Link } from "@remix-run/react";

import { Pager } from "~/components/ui/Pager";
import { LinkTabs } from "~/components/ui/Tabs";
import { formatMoney } from "~/format";
import { useTranslation } from "~/i18n-react";
import { useFormat } from "~/utils/format-context";
import { moneyRecordHref, rechargeRecordsHref, withdrawRecordsHref } from "~/utils/hrefs";

import { formatDateTime } from "./dates";
import type { MoneyRecordsData } from "./money-records.server";
import { StatusBadge } from "./StatusBadge";

const TABS = [
  { tab: "recharge", href: rechargeRecordsHref },
  { tab: "withdraw", href: withdrawRecordsHref },
] as const;

/** Recharge and withdrawal records: two tabs, each row's amount, status (icon and word), time and a details link. */
export function MoneyRecords({ data }: { data: MoneyRecordsData }) {
  const { t } = useTranslation("wallet");
  const fmt = useFormat();
  const hrefFor = data.tab === "recharge" ? rechargeRecordsHref : withdrawRecordsHref;
  return (
    <div className="wl-page">
      <h1 tabIndex={-1}>{t("records.heading")}</h1>
      <LinkTabs
        label={t("records.tabs")}
        tabs={TABS.map(({ tab, href }) => ({ to: href(), label: t(`records.tab.${tab}`), current: tab === data.tab }))}
      />
      {data.failed ? (
        <div className="notice">
          <p>{t("records.failed")}</p>
          <Link to={hrefFor({ page: data.page })} reloadDocument className="button button--secondary">
            {t("records.retry")}
          </Link>
        </div>
      ) : data.rows.length === 0 ? (
        <p className="wl-empty">{t(`records.empty.${data.tab}`)}</p>
      ) : (
        <ul className="list wl-records" aria-label={t(`records.tab.${data.tab}`)}>
          {data.rows.map((row) => (
            <li key={row.id} className="wl-record">
              <div className="wl-record__main">
                <span className="wl-amount">{formatMoney(row.amount, fmt)}</span>
                <StatusBadge state={row.state} />
              </div>
              <div className="wl-record__meta">
                <time dateTime={row.time}>{formatDateTime(row.time, fmt)}</time>
                <Link to={moneyRecordHref(row.id)}>
                  {t("records.details")}
                  <span className="sr-only"> {t("records.detailsOf", { type: t(`records.tab.${row.type}`), id: row.id })}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager page={data.page} pageCount={data.pageCount} total={data.total} hrefFor={(page) => hrefFor({ page })} />
    </div>
  );
}
