/**
 * /statements (auth): an account or trades statement for a month or a period up to a year, and the tax report of a
 * financial year, each downloaded as CSV or PDF (docs/product.md#statements, #tax-report). Two plain GET forms: they
 * work without JavaScript, and a chosen statement stays in the address to share or reload.
 */
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";

import { Field } from "~/components/ui/Field";
import { FigureList } from "~/components/ui/FigureList";
import { noStoreHeaders } from "~/http/no-store";
import { formatDate, formatMoney } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { positionsHref, statementDownloadHref, statementsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";

import { loader, type StatementsData } from "./route.server";

export { loader };
export const handle: PageHandle = { i18n: ["trade:statements"], titleKey: "trade:statements.title" };
export const headers = noStoreHeaders;

/** One option of a radio group: its radio, then its words, in one label. */
function Choice({ name, value, checked, label }: { name: string; value: string; checked: boolean; label: string }) {
  return (
    <label className="st-choice">
      <input type="radio" name={name} value={value} defaultChecked={checked} />
      {label}
    </label>
  );
}

function Downloads({ label, href }: { label: string; href: (format: "csv" | "pdf") => string }) {
  const { t } = useTranslation("trade");
  return (
    <ul className="st-downloads" aria-label={label}>
      <li>
        <a href={href("csv")} download>
          {t("statements.download.csv")}
        </a>
      </li>
      <li>
        <a href={href("pdf")} download>
          {t("statements.download.pdf")}
        </a>
      </li>
    </ul>
  );
}

export default function StatementsPage() {
  const data = useLoaderData<typeof loader>() as StatementsData;
  const { t } = useTranslation("trade");
  const fmt = useFormat();
  const { values, errors } = data;
  const range = (from: string, to: string) =>
    t("statements.range", { from: formatDate(`${from}T12:00:00Z`, fmt), to: formatDate(`${to}T12:00:00Z`, fmt) });
  const yearLabel = (y: number) => (data.deployment === "INR" ? `${y}–${String(y + 1).slice(2)}` : String(y));
  const s = data.statement;
  return (
    <div className="st-page">
      <h1 tabIndex={-1}>{t("statements.heading")}</h1>
      <p>
        <Link to={positionsHref("stock", 1)}>{t("statements.back")}</Link>
      </p>

      <section aria-labelledby="st-statement" className="card st-section">
        <h2 id="st-statement">{t("statements.statement.heading")}</h2>
        <Form method="get" action={statementsHref()} className="st-form">
          <fieldset>
            <legend>{t("statements.kind.legend")}</legend>
            {(["account", "trades"] as const).map((kind) => (
              <Choice
                key={kind}
                name="kind"
                value={kind}
                checked={values.kind === kind}
                label={t(`statements.kind.${kind}`)}
              />
            ))}
          </fieldset>
          <fieldset>
            <legend>{t("statements.period.legend")}</legend>
            {(["month", "range"] as const).map((period) => (
              <Fragment key={period}>
                <Choice
                  name="period"
                  value={period}
                  checked={values.period === period}
                  label={t(`statements.period.${period}`)}
                />
                {period === "month" ? (
                  <Field
                    label={t("statements.month")}
                    inputProps={{ id: "st-month", name: "month", type: "month", defaultValue: values.month }}
                    errors={errors.month}
                  />
                ) : (
                  <>
                    <Field
                      label={t("statements.from")}
                      inputProps={{ id: "st-from", name: "from", type: "date", defaultValue: values.from }}
                      errors={errors.from}
                    />
                    <Field
                      label={t("statements.to")}
                      hint={t("statements.toHint")}
                      inputProps={{ id: "st-to", name: "to", type: "date", defaultValue: values.to }}
                      errors={errors.to}
                    />
                  </>
                )}
              </Fragment>
            ))}
          </fieldset>
          <button type="submit" className="button">
            {t("statements.show")}
          </button>
        </Form>
        {s ? (
          <div className="st-result" role="status">
            <h3>
              {t(`statements.kind.${s.kind}`)}: {range(s.from, s.to)}
            </h3>
            {s.opening !== undefined && s.closing !== undefined ? (
              <FigureList
                className="pf-figures"
                items={[
                  { label: t("statements.opening"), value: formatMoney(s.opening, fmt) },
                  { label: t("statements.closing"), value: formatMoney(s.closing, fmt) },
                ]}
              />
            ) : null}
            <Downloads
              label={t("statements.download.label")}
              href={(format) => statementDownloadHref({ kind: s.kind, from: s.from, to: s.to }, format)}
            />
          </div>
        ) : null}
      </section>

      <section aria-labelledby="st-tax" className="card st-section">
        <h2 id="st-tax">{t("statements.tax.heading")}</h2>
        <Form method="get" action={statementsHref()} className="st-form">
          <div className="field">
            <label htmlFor="st-year">{t("statements.tax.year")}</label>
            {errors.year?.[0] ? (
              <p id="st-year-error" className="field__error">
                {errors.year[0]}
              </p>
            ) : null}
            <select
              id="st-year"
              name="year"
              defaultValue={values.year}
              aria-invalid={errors.year ? true : undefined}
              aria-describedby={errors.year ? "st-year-error" : undefined}
            >
              {data.years.map((y) => (
                <option key={y} value={y}>
                  {yearLabel(y)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button">
            {t("statements.tax.show")}
          </button>
        </Form>
        {data.tax ? (
          <div className="st-result" role="status">
            <h3>
              {data.tax.from.slice(0, 4) === data.tax.to.slice(0, 4)
                ? t("statements.tax.titleYear", { year: data.tax.from.slice(0, 4) })
                : t("statements.tax.title", { from: data.tax.from.slice(0, 4), to: data.tax.to.slice(0, 4) })}
              : {range(data.tax.from, data.tax.to)}
            </h3>
            <FigureList
              className="pf-figures"
              items={[
                { label: t("statements.tax.shortTotal"), value: formatMoney(data.tax.totals.short_term, fmt) },
                { label: t("statements.tax.longTotal"), value: formatMoney(data.tax.totals.long_term, fmt) },
                { label: t("statements.tax.total"), value: formatMoney(data.tax.totals.total, fmt) },
              ]}
            />
            <p>{t("statements.tax.lines", { count: data.tax.lines })}</p>
            <Downloads
              label={t("statements.download.label")}
              href={(format) => statementDownloadHref({ kind: "tax", year: data.tax!.year }, format)}
            />
          </div>
        ) : null}
        <p className="st-note">{t("statements.tax.note")}</p>
      </section>
    </div>
  );
}
