/**
 * /records (auth): stock transaction records with tabs All, Pending, Success, Cancelled, Expired (`?type=`),
 * paged 10. A pending order can be cancelled: the Cancel link opens a confirm step (`?cancel=<no>`), and only
 * its POST cancels (docs/decisions/0023).
 */
import { json, type ActionFunctionArgs, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "~/i18n-react";

import { formatDateTime } from "~/components/trade/money";
import { Pager } from "~/components/trade/PositionsScreen";
import { readPage } from "~/components/trade/positions";
import { tradeErrorMessage } from "~/components/trade/order.server";
import { ConfirmPanel } from "~/components/ui/ConfirmDialog";
import { PriceChange } from "~/components/ui/PriceChange";
import { LinkTabs } from "~/components/ui/Tabs";
import { deploymentFor, displaySymbol } from "~/deployment";
import { formatInteger, formatMoney, formatPrice, type FormatContext } from "~/format";
import { ProviderError, isProviderUnavailable } from "~/provider/core.server";
import { PAGE_SIZE, cancelOrder, getTransactions, tradeRequest } from "~/provider/trading.server";
import { RECORD_TYPES, readRecordType as readType, recordsHref, type RecordType } from "~/components/trade/records";
import { requireSameOrigin } from "~/security.server";
import { redirectWithToast } from "~/session.server";
import tradeStyles from "~/styles/trade.css";
import type { PageHandle } from "~/utils/page";

export const handle: PageHandle = { titleKey: "records.title", ns: "trade" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: tradeStyles }];
export const headers: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", "private, no-store");
  return headers;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { locale, ctx, deployment } = await tradeRequest(request);
  const url = new URL(request.url);
  const type = readType(url.searchParams.get("type"));
  const page = readPage(url.searchParams.get("page"));
  const base = { locale, deployment: deployment.code, type, page };
  try {
    const records = await getTransactions(ctx, { type, page });
    const rows = records.rows.map((row) => ({
      no: row.no,
      symbol: displaySymbol(row.tag, deployment),
      name: row.name,
      market: row.type,
      side: row.state,
      count: row.count,
      price: row.state === "sell" && row.sell_price !== null ? row.sell_price : row.price,
      total: row.price_all,
      fee: row.fee,
      profit: row.profit,
      status: row.status,
      time: row.created_at,
    }));
    const cancelNo = url.searchParams.get("cancel");
    return json(
      {
        ...base,
        failed: false,
        count: records.count,
        pageCount: Math.max(1, Math.ceil(records.count / PAGE_SIZE)),
        rows,
        cancel: rows.find((row) => row.no === cancelNo && row.status === 0) ?? null,
      },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    if (!(error instanceof ProviderError) && !isProviderUnavailable(error)) throw error;
    // SPEC §8: the records screen has its own error state with a retry.
    return json(
      { ...base, failed: true, count: 0, pageCount: 1, rows: [], cancel: null },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { t, ctx } = await tradeRequest(request);
  const formData = await request.formData();
  const url = new URL(request.url);
  const back = recordsHref({ type: readType(url.searchParams.get("type")), page: readPage(url.searchParams.get("page")) });
  const no = String(formData.get("no") ?? "").trim();
  if (formData.get("intent") !== "cancel" || !no || no.length > 40) {
    return redirectWithToast(request, back, { key: "trade:errors.submissionFailed", type: "error" });
  }
  try {
    await cancelOrder(ctx, no);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return redirectWithToast(request, back, { key: "trade:errors.cancelFailed", values: { reason: tradeErrorMessage(t, error.code) }, type: "error" });
  }
  return redirectWithToast(request, back, { key: "trade:toast.cancelled", values: { no } });
}

const STATUS_KEYS = ["pending", "success", "cancelled", "expired"] as const;

export default function RecordsPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("trade");
  const fmt: FormatContext = useMemo(
    () => ({ locale: data.locale, deployment: deploymentFor(data.deployment) }),
    [data.locale, data.deployment],
  );
  const here = recordsHref({ type: data.type, page: data.page });

  // One confirm step per order, server-rendered (`?cancel=<no>`): it works without JS, has a URL, and the page
  // never holds one <dialog> per pending row (their headings would share an id).
  const cancelPanel = (no: string) => (
    <ConfirmPanel
      title={t("records.cancelTitle")}
      text={t("records.cancelText", { no })}
      action={here}
      confirmLabel={t("records.cancelConfirm")}
      cancelLabel={t("records.keep")}
      cancelHref={here}
      hidden={{ intent: "cancel", no }}
    />
  );

  if (data.cancel) {
    return <section className="card">{cancelPanel(data.cancel.no)}</section>;
  }

  return (
    <div className="tr-page">
      <h1 className="tr-h1">{t("records.heading")}</h1>
      <LinkTabs
        label={t("records.tabs")}
        tabs={RECORD_TYPES.map((type) => ({ to: recordsHref({ type }), label: t(`records.tab.${type}`), current: type === data.type }))}
      />
      {data.failed ? (
        <div className="notice">
          <p>{t("records.failed")}</p>
          <Link to={here} reloadDocument className="button button--secondary">
            {t("records.retry")}
          </Link>
        </div>
      ) : data.rows.length === 0 ? (
        <p className="tr-empty">{t(`records.empty`)}</p>
      ) : (
        <ul className="list tr-records">
          {data.rows.map((row) => (
            <li key={row.no} className="tr-record">
              <div className="tr-record__head">
                <span>
                  <span className="tr-sym">{row.symbol}</span> <span className="tr-muted">{row.name}</span>
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
                  <dd className="tr-num">{formatPrice(row.price, fmt, row.market)}</dd>
                </div>
                <div>
                  <dt>{t("records.total")}</dt>
                  <dd className="tr-num">{formatMoney(row.total, fmt)}</dd>
                </div>
                <div>
                  <dt>{t("records.fee")}</dt>
                  <dd className="tr-num">{formatMoney(row.fee, fmt)}</dd>
                </div>
                {row.side === "sell" && row.profit !== null ? (
                  <div>
                    <dt>{t("records.profit")}</dt>
                    <dd className="tr-num">
                      <PriceChange change={Number(row.profit)} />
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
                    <time dateTime={row.time}>{formatDateTime(row.time, fmt)}</time>
                  </dd>
                </div>
              </dl>
              {row.status === 0 ? (
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
      <Pager page={data.page} pageCount={data.pageCount} hrefFor={(page) => recordsHref({ type: data.type, page })} show={data.count > 0} fmt={fmt} />
    </div>
  );
}
