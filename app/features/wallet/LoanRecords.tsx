import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { FigureList, RecordTime } from "~/components/ui/FigureList";
import { PagedList } from "~/components/ui/PagedList";
import { formatMoney } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { loanHref } from "~/utils/hrefs";

import type { LoanRecordsData, LoanRecordsHref } from "./loan-records.server";

/** The loan records: amount, state by name (0 not applied … 5 paid), dates, the operator's reason for a rejection. */
export function LoanRecords({ data, href }: { data: LoanRecordsData; href: LoanRecordsHref }) {
  const { t } = useTranslation("wallet");
  const hrefFor = (page: number) => href({ page });
  const fmt = useFormat();
  return (
    <div className="wl-page">
      <h1 tabIndex={-1}>{t("loanRecords.heading")}</h1>
      <p>
        <Link to={loanHref()}>{t("loanRecords.back")}</Link>
      </p>
      <PagedList
        data={data}
        hrefFor={hrefFor}
        failedText={t("loanRecords.failed")}
        retryLabel={t("loanRecords.retry")}
        emptyText={t("loanRecords.empty")}
        emptyClassName="wl-empty"
      >
        {(rows) => (
          <ul className="list wl-records">
            {rows.map((row) => (
              <li key={row.id} className="wl-record">
                <div className="wl-record__main">
                  <span className="wl-amount">{formatMoney(row.amount, fmt)}</span>
                  <span className={`wl-loan-state wl-loan-state--${row.state}`}>
                    {t(`loanRecords.stateName.${row.state}`)}
                  </span>
                </div>
                <FigureList
                  className="wl-record__grid"
                  items={[
                    { label: t("loanRecords.applied"), value: <RecordTime value={row.time} /> },
                    row.repaymentTime
                      ? { label: t("loanRecords.repayBy"), value: <RecordTime value={row.repaymentTime} dateOnly /> }
                      : null,
                    row.state === 3 && row.reason ? { label: t("loanRecords.reason"), value: row.reason } : null,
                  ]}
                />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}
