/**
 * /statements' server half (docs/decisions/0201-route-shape.md): reads the two GET forms from the query – a statement
 * of a month or a period, the tax report of a financial year – and, when one is valid, what the screen says of it
 * (the balances of an account statement, the totals of a tax report) with its download links.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";

import { NO_STORE } from "~/http/no-store";
import { timeZoneOf } from "~/i18n/format";
import { requireData } from "~/provider/failures.server";
import { getAccountStatement, getTaxReport, type TaxReport } from "~/provider/trading.server";
import { requireUserContext } from "~/utils/request.server";

/** Financial years offered: this one and the four before it. */
const YEARS = 5;

export interface StatementsData {
  values: { kind: string; period: string; month: string; from: string; to: string; year: string };
  errors: Record<string, string[]>;
  statement: { kind: "account" | "trades"; from: string; to: string; opening?: string; closing?: string } | null;
  tax: { year: number; from: string; to: string; totals: TaxReport["totals"]; lines: number } | null;
  years: number[];
  deployment: "INR" | "MXN";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "trade");
  const { t, fmt } = context;
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: timeZoneOf(fmt) }).format(new Date());
  const [year, month] = today.split("-").map(Number);
  const deployment = fmt.deployment.currency === "MXN" ? "MXN" : "INR";
  // India's financial year starts in April; Mexico's is the calendar year.
  const currentYear = deployment === "INR" && month < 4 ? year - 1 : year;
  const data: StatementsData = {
    values: {
      kind: params.kind === "trades" ? "trades" : "account",
      period: params.period === "range" ? "range" : "month",
      month: params.month ?? today.slice(0, 7),
      from: params.from ?? `${today.slice(0, 7)}-01`,
      to: params.to ?? today,
      year: params.year ?? String(currentYear),
    },
    errors: {},
    statement: null,
    tax: null,
    years: Array.from({ length: YEARS }, (_, i) => currentYear - i),
    deployment,
  };
  const { createStatementSchema, createTaxReportSchema } = await import("./schema");
  if (params.kind) {
    const parsed = createStatementSchema(t).safeParse(params);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) (data.errors[String(issue.path[0])] ??= []).push(issue.message);
    } else {
      const { kind, from, to } = parsed.data;
      if (kind === "account") {
        const page = await requireData(getAccountStatement(context.provider, { from, to, limit: 1 }));
        data.statement = { kind, from, to, opening: page.opening_balance, closing: page.closing_balance };
      } else data.statement = { kind, from, to };
    }
  } else if (params.year) {
    const parsed = createTaxReportSchema(t).safeParse(params);
    if (!parsed.success) data.errors.year = parsed.error.issues.map((i) => i.message);
    else {
      const report = await requireData(getTaxReport(context.provider, parsed.data.year));
      data.tax = {
        year: report.year,
        from: report.from,
        to: report.to,
        totals: report.totals,
        lines: report.rows.length,
      };
    }
  }
  return json(data, { headers: NO_STORE });
}
