import { Link } from "@remix-run/react";

import { Pager } from "~/components/ui/Pager";
import { formatDate, formatMoney } from "~/format";
import { useTranslation } from "~/i18n-react";
import { useFormat } from "~/utils/format-context";
import { loanHref } from "~/utils/hrefs";

import { formatDateTime } from "./dates";
import type { LoanRecordsData } from "./loan-records.server";

/** The loan records: amount, state by name (0 not applied … 5 paid), dates, the operator's reason for a rejection. */
export function LoanRecords({ data, hrefFor }: { data: LoanRecordsData; hrefFor: (page: number) => string }) {
  const { t } = useTranslation("wallet");
  const fmt = useFormat();
  return (
    <div className="wl-page">
      <h1 tabIndex={-1}>{t("loanRecords.heading")}</h1>
      <p>
        <Link to={loanHref()}>{t("loanRecords.back")}</Link>
      </p>
      {data.failed ? (
        <div className="notice">
          <p>{t("loanRecords.failed")}</p>
          <Link to={hrefFor(data.page)} reloadDocument className="button button--secondary">
            {t("loanRecords.retry")}
          </Link>
        </div>
      ) : data.rows.length === 0 ? (
        <p className="wl-empty">{t("loanRecords.empty")}</p>
      ) : (
        <ul className="list wl-records">
          {data.rows.map((row) => (
            <li key={row.id} className="wl-record">
              <div className="wl-record__main">
                <span className="wl-amount">{formatMoney(row.amount, fmt)}</span>
                <span className={`wl-loan-state wl-loan-state--${row.state}`}>{t(`loanRecords.stateName.${row.state}`)}</span>
              </div>
              <dl className="wl-record__grid">
                <div>
                  <dt>{t("loanRecords.applied")}</dt>
                  <dd>
                    <time dateTime={row.time}>{formatDateTime(row.time, fmt)}</time>
                  </dd>
                </div>
                {row.repaymentTime ? (
                  <div>
                    <dt>{t("loanRecords.repayBy")}</dt>
                    <dd>
                      <time dateTime={row.repaymentTime}>{formatDate(row.repaymentTime, fmt)}</time>
                    </dd>
                  </div>
                ) : null}
                {row.state === 3 && row.reason ? (
                  <div>
                    <dt>{t("loanRecords.reason")}</dt>
                    <dd>{row.reason}</dd>
                  </div>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
      )}
      <Pager page={data.page} pageCount={data.pageCount} total={data.total} hrefFor={hrefFor} />
    </div>
  );
}
