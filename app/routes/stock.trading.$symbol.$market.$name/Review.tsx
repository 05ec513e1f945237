import { useTranslation } from "react-i18next";

import { QUANTITY_CAPS } from "~/features/trading/order";
import { orderDeadline } from "~/features/trading/order-deadline";
import { rateText } from "~/features/trading/rate-text";
import { CheckAnswers } from "~/forms/CheckAnswers";
import type { TFunction } from "~/i18n/config";
import { currencyName, formatAmount, formatSignedAmount, walletCurrencies } from "~/i18n/currency";
import { formatFeeRate, formatInteger, formatMarketMoney, formatMoney, type FormatContext } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { orderHref, recordsHref } from "~/utils/hrefs";

import type { ReviewFigures, StepProps, TradingPageData } from "./types";

/**
 * A limit, stop or stop-limit order in plain words (docs/product.md "Order types"): what happens, until when, and
 * what is set aside now – "Buy 10 Reliance at ₹2,400.00 or less, until 5 Dec, 15:30 IST. ₹24,007.20 (with fees) is
 * reserved now and released if the order is cancelled or expires."
 */
export function orderSentences(
  t: TFunction,
  fmt: FormatContext,
  data: Pick<TradingPageData, "side" | "target">,
  review: Pick<ReviewFigures, "terms" | "preview" | "quantity">,
): string[] {
  const preview = review.preview;
  if (!preview) return [];
  const market = data.target.market;
  const values = {
    qty: formatInteger(review.quantity, fmt),
    count: review.quantity,
    name: data.target.name,
    limit: review.terms.limitPrice ? formatMarketMoney(review.terms.limitPrice, fmt, market) : "",
    trigger: review.terms.triggerPrice ? formatMarketMoney(review.terms.triggerPrice, fmt, market) : "",
    price: formatMarketMoney(preview.price, fmt, market),
    until: preview.expiresAt ? orderDeadline(preview.expiresAt, fmt, market) : "",
  };
  if (preview.fillsAtOnce) return [t(`orderKinds.sentence.fillsAtOnce_${data.side}`, values)];
  const sentences = [t(`orderKinds.sentence.${review.terms.orderType}_${data.side}`, values)];
  if (preview.opensAt)
    sentences.push(t("orderKinds.sentence.opensAt", { at: orderDeadline(preview.opensAt, fmt, market) }));
  sentences.push(
    data.side === "buy"
      ? t("orderKinds.sentence.reservedMoney", { amount: formatMoney(preview.reserve, fmt) })
      : t("orderKinds.sentence.reservedShares", {
          count: preview.reserveShares,
          qty: formatInteger(preview.reserveShares, fmt),
        }),
  );
  return sentences;
}

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
  const percent = formatFeeRate(data.feeRate, fmt);
  const amount = (value: string) => formatAmount(value, fmt, market);
  const lot = data.lots.find((row) => row.no === review.lot);

  const terms = review.terms;
  const preview = review.preview;
  const rows: [string, string][] = [
    [t("review.instrument"), `${data.target.name} (${data.display})`],
    [t("review.side"), t(`side.${data.side}`)],
    ...(data.orderTypes
      ? [[t("orderKinds.typeLegend"), t(`orderKinds.type.${terms.orderType}`)] as [string, string]]
      : []),
    ...(terms.triggerPrice
      ? [[t("orderKinds.triggerLabel"), formatMarketMoney(terms.triggerPrice, fmt, market)] as [string, string]]
      : []),
    ...(terms.limitPrice
      ? [[t("orderKinds.limitLabel"), formatMarketMoney(terms.limitPrice, fmt, market)] as [string, string]]
      : []),
    ...(preview?.expiresAt
      ? [[t("orderKinds.until"), orderDeadline(preview.expiresAt, fmt, market)] as [string, string]]
      : []),
    [t("review.positionType"), t(`positionType.${review.position}`, { cap: QUANTITY_CAPS[review.position] })],
    [t("review.quantity"), formatInteger(review.quantity, fmt)],
    [t("review.price"), formatMarketMoney(preview?.price ?? review.price, fmt, market)],
  ];
  if (selling && lot) rows.push([t("review.costPrice"), formatMarketMoney(lot.price, fmt, lot.market)]);
  // A limit or stop order's figures are the provider's, at the price it is estimated at (its limit, else trigger).
  const figures = preview
    ? { total: preview.priceAll, fee: preview.fee, net: preview.amount }
    : { total: review.estimate.total, fee: review.estimate.fee, net: review.estimate.net };
  rows.push(
    [t("review.total"), amount(figures.total)],
    [t("review.fee", { rate: percent }), amount(figures.fee)],
    [t(selling ? "review.proceeds" : "review.cost"), amount(figures.net)],
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
  if (preview && !preview.fillsAtOnce && !selling)
    rows.push([t("orderKinds.reservedNow"), formatMoney(preview.reserve, fmt)]);
  // The order's fields as the Confirm posts them (a sell names its lot; a limit or stop its kind and prices).
  const hidden = {
    type: data.side,
    position: review.position,
    quantity: String(review.quantity),
    ...(selling ? { lot: review.lot ?? "" } : {}),
    ...(terms.orderType === "market"
      ? {}
      : {
          order_type: terms.orderType,
          ...(terms.limitPrice ? { limit_price: terms.limitPrice } : {}),
          ...(terms.triggerPrice ? { trigger_price: terms.triggerPrice } : {}),
          validity: terms.validity ?? "day",
        }),
    idempotency_key: review.key,
  };
  const sentences = orderSentences(t, fmt, data, review);

  return (
    <CheckAnswers
      title={t("review.title")}
      rows={rows.map(([label, value]) => ({ label, value }))}
      notes={[...sentences, ...notes, ...(sentences.length > 0 ? [] : [t("review.priceNote")])]}
      hidden={hidden}
      confirmLabel={t(selling ? "review.confirmSell" : "review.confirmBuy")}
      changeHref={orderHref(data.target, {
        type: data.side,
        position: review.position,
        quantity: review.quantity,
        lot: selling ? review.lot : undefined,
        ...(terms.orderType === "market"
          ? {}
          : {
              orderType: terms.orderType,
              limit: terms.limitPrice,
              trigger: terms.triggerPrice,
              validity: terms.validity,
            }),
      })}
      recordsHref={recordsHref()}
      lastResult={lastResult}
      clientFailure={clientFailure}
      formId="confirm"
      confirmId={CONFIRM_ID}
      schema={() =>
        import("./schema").then((m) =>
          m.createConfirmSchema(t, {
            rules: data.rules
              ? { tickSize: data.rules.tickSize, price: null, tickText: data.rules.tickSize, priceText: "" }
              : null,
          }),
        )
      }
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
