/**
 * A wallet conversion in words (docs/product.md#currency). Apart from currency.ts so that screens which only format
 * amounts do not pull the trade namespace into their document (app/i18n/routes.test.ts follows imports).
 */
import type { TFunction } from "~/i18n/config";
import { UNCONVERTED, formatRate, type WalletConversion } from "~/i18n/currency";
import { formatClockTime, type FormatContext } from "~/i18n/format";

/**
 * A rate in words, with where and when it is from, in the customer's words (docs/product.md#currency): "1 USD =
 * 88.4681 INR, market rate at 15:45"; an offer's own rate: "…, the rate set for this offer"; a charge made before
 * conversions: "1 USD = 1 INR, charged without currency conversion". A source without words of its own is left
 * out rather than shown raw (never "simulator:USDINR=X").
 */
export function rateText(t: TFunction, conversion: WalletConversion, fmt: FormatContext): string {
  const rate = t("trade:currency.rate", {
    from: conversion.from,
    to: conversion.to,
    rate: formatRate(conversion.rate, fmt),
  });
  if (conversion.source === UNCONVERTED.source) return t("trade:currency.unconverted", { rate });
  const source = MARKET_RATE.test(conversion.source)
    ? t("trade:currency.market")
    : OFFER_RATE.test(conversion.source)
      ? t("trade:currency.offer")
      : null;
  if (source === null) return rate;
  return conversion.at
    ? t("trade:currency.applied", { rate, source, time: formatClockTime(conversion.at, fmt) })
    : t("trade:currency.appliedUndated", { rate, source });
}

/** The provider's names for where a rate is from: a market pair's quote, or the rate set for one block/QIP offer. */
const MARKET_RATE = /^simulator:/;
const OFFER_RATE = /^offer:/;
