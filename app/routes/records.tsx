/**
 * /records (auth; docs/product.md#records): stock transaction records in tabs All, Pending, Success, Cancelled,
 * Expired (`?type=`), ten per page. Every amount shows its market's currency; an order of a block trade, QIP or IPO
 * lot names its source. A limit or stop order says its terms in words, and an ended one how it ended (docs/product.md
 * "Order types"). An open order's Modify and Cancel are screens of their own (/orders/{no}/modify|cancel,
 * docs/decisions/0441); from a provider without order types (0443) the Cancel link opens this screen's older
 * server-rendered confirm step (`?cancel=<no>`, docs/decisions/0023), and only its POST cancels.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { ConfirmPanel } from "~/components/ui/ConfirmDialog";
import { RecordTime } from "~/components/ui/FigureList";
import { FormErrorSummary } from "~/components/ui/FormErrors";
import { PagedList } from "~/components/ui/PagedList";
import { PriceChangeFigures } from "~/components/ui/PriceChange";
import { LinkTabs } from "~/components/ui/Tabs";
import { orderReason, orderSentence } from "~/features/trading/order-words";
import { useProfitLossText } from "~/features/trading/profit-loss";
import { rateText } from "~/features/trading/rate-text";
import { tradeLinks } from "~/features/trading/route-exports";
import { parseWithZod } from "~/forms/action.server";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { dealConversion, formatAmount } from "~/i18n/currency";
import { formatInteger, formatMarketMoney, formatMoney } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { attempt, failureMessage, logFailure } from "~/provider/failures.server";
import { cancelOrder, getTransactions, recordFigures, type RecordFigures } from "~/provider/trading.server";
import { redirectWithToast } from "~/session/toast.server";
import { cancelOrderHref, modifyOrderHref, orderRecordAnchor, recordsHref, type RecordType } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { readPage } from "~/utils/pagination";
import { readPagedRows, type PagedRows } from "~/utils/pagination.server";
import { requireUserContext } from "~/utils/request.server";

/** The "Yes, cancel order" form (an intent-only form: which order; docs/decisions/0201: its only user holds it). */

export const handle: PageHandle = {
  i18n: ["trade:records", "trade:side", "trade:currency", "trade:source", "trade:orderKinds"],
  titleKey: "trade:records.title",
};
export const links = tradeLinks;
export const headers = noStoreHeaders;

const RECORD_TYPES: readonly RecordType[] = ["all", "pending", "success", "cancelled", "expired"];
const STATUS_KEYS = ["pending", "success", "cancelled", "expired"] as const;

function readRecordType(value: unknown): RecordType {
  return typeof value === "string" && (RECORD_TYPES as readonly string[]).includes(value)
    ? (value as RecordType)
    : "all";
}

/** A failed read (`failed`) is the screen's own "loading failed, please retry" (HTTP 503). */
export interface RecordsData extends PagedRows<RecordFigures> {
  type: RecordType;
  /** The pending order whose cancel is being confirmed (`?cancel=<no>`). */
  cancel: RecordFigures | null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "trade");
  const url = new URL(request.url);
  const type = readRecordType(url.searchParams.get("type"));
  const page = readPage(url.searchParams.get("page"));
  const records = await readPagedRows({
    where: "records",
    page,
    read: getTransactions(context.provider, { type, page }),
    toRow: (row) => recordFigures(row, context.deployment),
    hrefFor: (last) => recordsHref({ type, page: last }),
  });
  const cancelNo = url.searchParams.get("cancel");
  const data: RecordsData = {
    ...records,
    type,
    cancel: records.rows.find((row) => row.no === cancelNo && row.status === 0) ?? null,
  };
  return json(data, { status: records.failed ? 503 : 200, headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "trade");
  const url = new URL(request.url);
  const back = recordsHref({
    type: readRecordType(url.searchParams.get("type")),
    page: readPage(url.searchParams.get("page")),
  });
  const { createCancelSchema } = await import("./records.schema");
  const submission = parseWithZod(await request.formData(), { schema: createCancelSchema(context.t) });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const { no } = submission.value;
  const cancelled = await attempt(cancelOrder(context.provider, no));
  if (!cancelled.ok) {
    logFailure("records cancel", cancelled.failure);
    return redirectWithToast(back, {
      key: "trade:errors.cancelFailed",
      values: { reason: failureMessage(context.t, cancelled.failure, "errors.submissionFailed") },
      type: "error",
    });
  }
  return redirectWithToast(back, { key: "trade:toast.cancelled", values: { no } });
}

/**
 * For an order in another currency than the wallet's: what the wallet was debited or credited and the rate the
 * provider applied, with its source and time (docs/decisions/0145, 0146). Nothing for a same-currency order.
 */
function WalletLine({ row }: { row: RecordFigures }) {
  const { t } = useTranslation("trade");
  const fmt = useFormat();
  const conversion = dealConversion(
    { type: row.market, fx_rate: row.fx.rate, fx_source: row.fx.source, fx_at: row.fx.at },
    fmt,
  );
  if (!conversion) return null;
  return (
    <div className="tr-record__wide">
      <dt>{t(row.side === "sell" ? "records.walletCredit" : "records.walletDebit")}</dt>
      <dd>
        {t("records.walletValue", { amount: formatMoney(row.walletAmount, fmt), rate: rateText(t, conversion, fmt) })}
      </dd>
    </div>
  );
}

export default function RecordsPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("trade");
  const fmt = useFormat();
  const profitLoss = useProfitLossText();
  // The cancel confirm is an intent-only form; a refused one (tampered order number) is said on the page. Its
  // form-level errors are read from the reply itself: Conform's useForm would add ~9 KB gzip of JS to the page.
  const formErrors = reply?.result.error?.[""] ?? null;
  const here = recordsHref({ type: data.type, page: data.page });

  if (data.cancel) {
    // One confirm step per order, server-rendered: it works without JS, has a URL, and the page never holds one
    // <dialog> per pending row.
    return (
      <section className="card">
        <ConfirmPanel
          title={t("records.cancelTitle")}
          text={t("records.cancelText", { no: data.cancel.no })}
          action={here}
          confirmLabel={t("records.cancelConfirm")}
          cancelLabel={t("records.keep")}
          cancelHref={here}
          hidden={{ intent: "cancel", no: data.cancel.no }}
        />
      </section>
    );
  }

  return (
    <div className="tr-page">
      <h1 className="tr-h1" tabIndex={-1}>
        {t("records.heading")}
      </h1>
      <FormErrorSummary fields={[]} formErrors={formErrors} formId="records-tabs" lastResult={reply?.result} />
      <LinkTabs
        label={t("records.tabs")}
        tabs={RECORD_TYPES.map((type) => ({
          to: recordsHref({ type }),
          label: t(`records.tab.${type}`),
          current: type === data.type,
        }))}
      />
      <PagedList
        data={data}
        hrefFor={(page) => recordsHref({ type: data.type, page })}
        failedText={t("records.failed")}
        retryLabel={t("records.retry")}
        emptyText={t("records.empty")}
        emptyClassName="tr-empty"
      >
        {(rows) => (
          <ul className="list tr-records" id="records-tabs">
            {rows.map((row) => (
              <li key={row.no} className="tr-record" id={orderRecordAnchor(row.no)}>
                <div className="tr-record__head">
                  <span>
                    <span className="tr-sym">{row.display}</span> <span className="tr-muted">{row.name}</span>
                  </span>
                  <span className={`tr-badge tr-badge--${row.side}`}>{t(`side.${row.side}`)}</span>
                </div>
                <dl className="tr-record__grid">
                  <div>
                    <dt>{t("records.count")}</dt>
                    <dd className="tr-num">{formatInteger(row.count, fmt)}</dd>
                  </div>
                  <div>
                    <dt>{t("records.price")}</dt>
                    <dd className="tr-num">{formatMarketMoney(row.price, fmt, row.market)}</dd>
                  </div>
                  <div>
                    <dt>{t("records.total")}</dt>
                    <dd className="tr-num">{formatAmount(row.total, fmt, row.market)}</dd>
                  </div>
                  <div>
                    <dt>{t("records.fee")}</dt>
                    <dd className="tr-num">{formatAmount(row.fee, fmt, row.market)}</dd>
                  </div>
                  {row.source ? (
                    <div>
                      <dt>{t("source.label")}</dt>
                      <dd>{t(`source.${row.source}`)}</dd>
                    </div>
                  ) : null}
                  <WalletLine row={row} />
                  {row.side === "sell" && row.profit !== null ? (
                    <div>
                      <dt>{t("records.profit")}</dt>
                      <dd className="tr-num">
                        <PriceChangeFigures text={profitLoss(row.profit, null, row.market)} />
                      </dd>
                    </div>
                  ) : null}
                  <div>
                    <dt>{t("records.status")}</dt>
                    <dd>{t(`records.statusName.${STATUS_KEYS[row.status] ?? "pending"}`)}</dd>
                  </div>
                  <div>
                    <dt>{t("records.time")}</dt>
                    <dd>
                      <RecordTime value={row.time} />
                    </dd>
                  </div>
                </dl>
                {/* docs/product.md "Order types": a limit or stop order in plain words, and how an ended one ended. */}
                {row.orderType !== "market" ? <p className="tr-record__terms">{orderSentence(t, fmt, row)}</p> : null}
                {orderReason(t, fmt, row) ? <p className="tr-muted">{orderReason(t, fmt, row)}</p> : null}
                {row.status === 0 && row.orderKinds ? (
                  <p className="actions">
                    {row.orderType !== "market" ? (
                      <Link to={modifyOrderHref(row.no, here)} className="button button--secondary button--small">
                        {t("orderKinds.open.modify")}
                        <span className="sr-only"> {t("records.orderNo", { no: row.no })}</span>
                      </Link>
                    ) : null}
                    <Link to={cancelOrderHref(row.no, here)} className="button button--secondary button--small">
                      {t("records.cancel")}
                      <span className="sr-only"> {t("records.orderNo", { no: row.no })}</span>
                    </Link>
                  </p>
                ) : row.status === 0 ? (
                  <Link
                    to={recordsHref({ type: data.type, page: data.page, cancel: row.no })}
                    className="button button--secondary button--small"
                    preventScrollReset
                  >
                    {t("records.cancel")}
                    <span className="sr-only"> {t("records.orderNo", { no: row.no })}</span>
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}
