import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { RecordTime } from "~/components/ui/FigureList";
import { PagedList } from "~/components/ui/PagedList";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { LinkTabs } from "~/components/ui/Tabs";
import { formatMoney } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { moneyRecordHref, rechargeRecordsHref, withdrawRecordsHref } from "~/utils/hrefs";

import type { MoneyRecordsData } from "./money-records.server";

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
      <PagedList
        data={data}
        hrefFor={(page) => hrefFor({ page })}
        failedText={t("records.failed")}
        retryLabel={t("records.retry")}
        emptyText={t(`records.empty.${data.tab}`)}
        emptyClassName="wl-empty"
      >
        {(rows) => (
          <ul className="list wl-records" aria-label={t(`records.tab.${data.tab}`)}>
            {rows.map((row) => (
              <li key={row.id} className="wl-record">
                <div className="wl-record__main">
                  <span className="wl-amount">{formatMoney(row.amount, fmt)}</span>
                  <StatusBadge state={row.state} label={t(`status.${row.state}`)} />
                </div>
                <div className="wl-record__meta">
                  <RecordTime value={row.time} />
                  <Link to={moneyRecordHref(row.id)}>
                    {t("records.details")}
                    <span className="sr-only">
                      {" "}
                      {t("records.detailsOf", { type: t(`records.tab.${row.type}`), id: row.id })}
                    </span>
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}
