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

/**
 * Every column of the three files by its share of the page's width (within its file). Its heading is
 * `trade:statements.columns.<key>`; an amount names the deployment's currency (the writer adds it); numbers and amounts sit right.
 */
const WEIGHTS = {
  date: 11,
  reason: 39,
  reference: 10,
  in: 10,
  out: 10,
  balance: 11,
  kind: 9,
  orderNo: 12,
  symbol: 11,
  side: 6,
  status: 9,
  quantity: 7,
  price: 10,
  amount: 11,
  fee: 9,
  walletAmount: 14,
  sold: 11,
  sellNo: 11,
  bought: 11,
  buyNo: 11,
  cost: 10,
  proceeds: 10,
  gain: 10,
  term: 10,
};
type ColumnKey = keyof typeof WEIGHTS;
const AMOUNTS = new Set<ColumnKey>(["in", "out", "balance", "walletAmount", "cost", "proceeds", "gain"]);
const NUMBERS = new Set<ColumnKey>(["quantity", "price", "amount", "fee"]);

/** A file's columns, left to right, in the customer's words: the widths share the whole page. */
function columnsOf(keys: ColumnKey[], context: UserRequestContext): TableColumn[] {
  const total = keys.reduce((sum, key) => sum + WEIGHTS[key], 0);
  return keys.map((key) => {
    const label = context.t(`trade:statements.columns.${key}`);
    const width = WEIGHTS[key] / total;
    // An amount's heading names the currency: "Balance (INR)" in the CSV, "Balance (₹)" in the PDF.
    if (AMOUNTS.has(key)) return { label, width, align: "right", money: true };
    return { label, width, align: NUMBERS.has(key) ? "right" : "left" };
  });
}

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
      columns: columnsOf(
        ["sold", "sellNo", "symbol", "bought", "buyNo", "quantity", "cost", "proceeds", "gain", "term"],
        context,
      ),
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
      columns: columnsOf(["date", "reason", "reference", "in", "out", "balance", "kind"], context),
      rows: accountRows(context, from, to),
    });
  }
  return write({
    filename,
    title: t("trade:statements.kind.trades"),
    head,
    columns: columnsOf(
      ["date", "orderNo", "symbol", "side", "status", "quantity", "price", "amount", "fee", "walletAmount"],
      context,
    ),
    rows: tradeRows(context, from, to),
  });
}
