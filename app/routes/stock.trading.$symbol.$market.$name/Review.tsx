import { useTranslation } from "react-i18next";

import { QUANTITY_CAPS } from "~/features/trading/order";
import { rateText } from "~/features/trading/rate-text";
import { CheckAnswers } from "~/forms/CheckAnswers";
import { currencyName, formatAmount, formatSignedAmount, walletCurrencies } from "~/i18n/currency";
import { formatInteger, formatMarketMoney, formatMoney, intlLocale, numberFormat } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { orderHref, recordsHref } from "~/utils/hrefs";

import type { StepProps } from "./types";

const CONFIRM_ID = "confirm-submit";

/**
 * "Check your order" (docs/product.md#trading): what, how many, the indicative price, total, fee and net in the
 * stock's currency, and when the wallet is in another currency an estimate of what it is charged at the current
 * rate of the pair the provider converts at (docs/decisions/0102, 0146). One Confirm carries the order and its idempotency key (decision 0101); a failed or
 * unanswered Confirm keeps everything on screen with what happened, and confirming again can only make one order.
 */
export function Review({ data, lastResult, clientFailure }: StepProps) {
  const { t } = useTranslation("trade");
  const fmt = useFormat();
  const review = data.review!;
  const selling = data.side === "sell";
  const market = data.target.market;
  const percent = numberFormat(intlLocale(fmt), { style: "percent", maximumFractionDigits: 3 }).format(
    Number(data.feeRate),
  );
  const amount = (value: string) => formatAmount(value, fmt, market);
  const lot = data.lots.find((row) => row.no === review.lot);

  const rows: [string, string][] = [
    [t("review.instrument"), `${data.target.name} (${data.display})`],
    [t("review.side"), t(`side.${data.side}`)],
    [t("review.positionType"), t(`positionType.${review.position}`, { cap: QUANTITY_CAPS[review.position] })],
    [t("review.quantity"), formatInteger(review.quantity, fmt)],
    [t("review.price"), formatMarketMoney(review.price, fmt, market)],
  ];
  if (selling && lot) rows.push([t("review.costPrice"), formatMarketMoney(lot.price, fmt, lot.market)]);
  rows.push(
    [t("review.total"), amount(review.estimate.total)],
    [t("review.fee", { rate: percent }), amount(review.estimate.fee)],
    [t(selling ? "review.proceeds" : "review.cost"), amount(review.estimate.net)],
  );
  if (selling && review.estimate.profit !== null)
    rows.push([t("review.profit"), formatSignedAmount(review.estimate.profit, fmt, market)]);
  const currencies = review.pair ? walletCurrencies(market, fmt) : null;
  if (currencies && review.walletAmount)
    rows.push([
      t(selling ? "review.walletCreditEstimate" : "review.walletDebitEstimate"),
      formatMoney(review.walletAmount, fmt),
    ]);
  const notes = currencies
    ? [
        t(review.conversion ? "review.rateEstimateNote" : "review.rateAtFillNote", {
          from: currencies.from,
          to: currencies.to,
          fromName: currencyName(currencies.from, fmt),
          toName: currencyName(currencies.to, fmt),
          rate: review.conversion ? rateText(t, review.conversion, fmt) : "",
        }),
      ]
    : [];
  // The order's fields as the Confirm posts them (a sell names its lot).
  const hidden = {
    type: data.side,
    position: review.position,
    quantity: String(review.quantity),
    ...(selling ? { lot: review.lot ?? "" } : {}),
    idempotency_key: review.key,
  };

  return (
    <CheckAnswers
      title={t("review.title")}
      rows={rows.map(([label, value]) => ({ label, value }))}
      notes={[...notes, t("review.priceNote")]}
      hidden={hidden}
      confirmLabel={t(selling ? "review.confirmSell" : "review.confirmBuy")}
      changeHref={orderHref(data.target, {
        type: data.side,
        position: review.position,
        quantity: review.quantity,
        lot: selling ? review.lot : undefined,
      })}
      recordsHref={recordsHref()}
      lastResult={lastResult}
      clientFailure={clientFailure}
      formId="confirm"
      confirmId={CONFIRM_ID}
      schema={() => import("~/features/trading/schemas").then((m) => m.createConfirmSchema(t))}
      constraint={data.constraint.confirm}
      texts={{
        offline: t("offline.nothingOrdered"),
        outcomeUnknown: t("review.outcomeUnknown"),
        check: t("review.checkRecords"),
        change: t("review.change"),
      }}
      listClassName="tr-review__list"
      frame={{ card: { className: "card tr-review", titleId: "review-title" } }}
    />
  );
}
