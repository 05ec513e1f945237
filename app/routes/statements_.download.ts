/**
 * GET /statements/download?kind=account|trades&from&to&format=csv|pdf, or ?kind=tax&year&format: a statement or the
 * tax report as a file (docs/product.md#statements, #tax-report; docs/decisions/0462). The rows are read from the
 * provider a page at a time while the file is being sent. Bad input: 400 with the message; a visitor goes to log in.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { csvResponse, pdfResponse, type TableColumn, type TableFile } from "~/features/trading/statement-files.server";
import { NO_STORE } from "~/http/no-store";
import { currencySign, timeZoneOf, type FormatContext } from "~/i18n/format";
import { requireData } from "~/provider/failures.server";
import { getAccountStatement, getTaxReport, getTradesStatement } from "~/provider/trading.server";
import { getUserInfo } from "~/provider/wallet.server";
import { requireUserContext, type UserRequestContext } from "~/utils/request.server";

/** Rows asked of the provider at once. */
const PAGE = 1000;

/** `2026-11-20 14:45` in the deployment's time zone: sortable, the same in every language. */
function localTime(iso: string, fmt: FormatContext): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: timeZoneOf(fmt),
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}`;
}

const badRequest = (message: string) =>
  new Response(message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE } });

async function* accountRows(context: UserRequestContext, from: string, to: string): AsyncGenerator<string[][]> {
  const { t } = context;
  let after = 0;
  let closing = "0.00";
  let first = true;
  for (;;) {
    const page = await requireData(getAccountStatement(context.provider, { from, to, after, limit: PAGE }));
    if (first) yield [[from, t("trade:statements.opening"), "", "", "", page.opening_balance, ""]];
    first = false;
    closing = page.closing_balance;
    yield page.rows.map((b) => [
      localTime(b.created_at, context.fmt),
      b.reason,
      b.ref_id ?? "",
      b.type === "income" ? b.amount : "",
      b.type === "expense" ? b.amount : "",
      b.balance,
      b.kind,
    ]);
    if (page.next === null) break;
    after = page.next;
  }
  yield [[to, t("trade:statements.closing"), "", "", "", closing, ""]];
}

async function* tradeRows(context: UserRequestContext, from: string, to: string): AsyncGenerator<string[][]> {
  const { t } = context;
  let after = 0;
  for (;;) {
    const page = await requireData(getTradesStatement(context.provider, { from, to, after, limit: PAGE }));
    yield page.rows.map((o) => [
      localTime(o.filled_at ?? o.closed_at ?? o.created_at, context.fmt),
      o.no,
      o.tag,
      t(`trade:statements.side.${o.state}`),
      t(`trade:statements.status.${o.status_name}`),
      String(o.count),
      String(o.state === "sell" ? (o.sell_price ?? o.price) : o.price),
      o.price_all,
      o.fee,
      o.wallet_amount,
    ]);
    if (page.next === null) break;
    after = page.next;
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "trade");
  const { t, fmt } = context;
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const { createStatementSchema, createTaxReportSchema, formatSchema } = await import("./statements/schema");
  const format = formatSchema.safeParse(params.format);
  if (!format.success) return badRequest(t("trade:statements.errors.format"));
  const info = await requireData(getUserInfo(context.provider));
  const currency = fmt.deployment.currency;
  const customer = t("trade:statements.customer", { name: info.user, no: String(info.no) });
  const amounts = { code: currency, sign: currencySign(fmt) };
  const write = (file: Omit<TableFile, "currency">) =>
    (format.data === "csv" ? csvResponse : pdfResponse)({ ...file, currency: amounts });
  const col = (label: string, width: number, align: "left" | "right" = "left"): TableColumn => ({
    label,
    width,
    align,
  });
  /** An amount's column: "Balance (INR)" in the CSV, "Balance (₹)" in the PDF. */
  const money = (label: string, width: number): TableColumn => ({ label, width, align: "right", money: true });

  if (params.kind === "tax") {
    const year = createTaxReportSchema(t).safeParse(params);
    if (!year.success) return badRequest(year.error.issues[0].message);
    const report = await requireData(getTaxReport(context.provider, year.data.year));
    const note = t("trade:statements.tax.note");
    const totals: string[][] = [
      ["", t("trade:statements.tax.shortTotal"), "", "", "", "", "", "", report.totals.short_term, ""],
      ["", t("trade:statements.tax.longTotal"), "", "", "", "", "", "", report.totals.long_term, ""],
      [
        "",
        t("trade:statements.tax.total"),
        "",
        "",
        "",
        "",
        report.totals.cost,
        report.totals.proceeds,
        report.totals.total,
        "",
      ],
    ];
    async function* rows() {
      yield report.rows.map((l) => [
        localTime(l.sold_at, fmt),
        l.sell_no,
        l.tag,
        localTime(l.bought_at, fmt),
        l.buy_no,
        String(l.count),
        l.cost,
        l.proceeds,
        l.gain,
        t(`trade:statements.tax.term.${l.term}`),
      ]);
      yield totals;
      if (format.data === "csv") yield [[note]];
    }
    const period = t("trade:statements.period.text", { from: report.from, to: report.to });
    return write({
      filename: `tax-report-${report.from}-${report.to}.${format.data}`,
      // Mexico's tax year is one calendar year: "Tax report 2026"; India's spans two: "Tax report 2026–2027".
      title:
        report.from.slice(0, 4) === report.to.slice(0, 4)
          ? t("trade:statements.tax.titleYear", { year: report.from.slice(0, 4) })
          : t("trade:statements.tax.title", { from: report.from.slice(0, 4), to: report.to.slice(0, 4) }),
      head: [customer, period, t("trade:statements.currency", { currency })],
      columns: [
        col(t("trade:statements.columns.sold"), 0.11),
        col(t("trade:statements.columns.sellNo"), 0.11),
        col(t("trade:statements.columns.symbol"), 0.1),
        col(t("trade:statements.columns.bought"), 0.11),
        col(t("trade:statements.columns.buyNo"), 0.11),
        col(t("trade:statements.columns.quantity"), 0.06, "right"),
        money(t("trade:statements.columns.cost"), 0.1),
        money(t("trade:statements.columns.proceeds"), 0.1),
        money(t("trade:statements.columns.gain"), 0.1),
        col(t("trade:statements.columns.term"), 0.1),
      ],
      rows: rows(),
      notes: [note],
    });
  }

  const parsed = createStatementSchema(t).safeParse(params);
  if (!parsed.success) return badRequest(parsed.error.issues[0].message);
  const { kind, from, to } = parsed.data;
  const head = [
    customer,
    t("trade:statements.period.text", { from, to }),
    t("trade:statements.currency", { currency }),
  ];
  const filename = `${kind}-statement-${from}-${to}.${format.data}`;
  if (kind === "account") {
    return write({
      filename,
      title: t("trade:statements.kind.account"),
      head,
      columns: [
        col(t("trade:statements.columns.date"), 0.11),
        col(t("trade:statements.columns.reason"), 0.39),
        col(t("trade:statements.columns.reference"), 0.1),
        money(t("trade:statements.columns.in"), 0.1),
        money(t("trade:statements.columns.out"), 0.1),
        money(t("trade:statements.columns.balance"), 0.11),
        col(t("trade:statements.columns.kind"), 0.09),
      ],
      rows: accountRows(context, from, to),
    });
  }
  return write({
    filename,
    title: t("trade:statements.kind.trades"),
    head,
    columns: [
      col(t("trade:statements.columns.date"), 0.11),
      col(t("trade:statements.columns.orderNo"), 0.12),
      col(t("trade:statements.columns.symbol"), 0.11),
      col(t("trade:statements.columns.side"), 0.06),
      col(t("trade:statements.columns.status"), 0.09),
      col(t("trade:statements.columns.quantity"), 0.07, "right"),
      col(t("trade:statements.columns.price"), 0.1, "right"),
      col(t("trade:statements.columns.amount"), 0.11, "right"),
      col(t("trade:statements.columns.fee"), 0.09, "right"),
      money(t("trade:statements.columns.walletAmount"), 0.14),
    ],
    rows: tradeRows(context, from, to),
  });
}
