/**
 * A wallet conversion in words (docs/product.md#currency). Apart from currency.ts so that screens which only format
 * amounts do not pull the trade namespace into their document (app/i18n/routes.test.ts follows imports).
 */
import type { TFunction } from "~/i18n/config";
import { UNCONVERTED, formatRate, type WalletConversion } from "~/i18n/currency";
import { formatClockTime, type FormatContext } from "~/i18n/format";

/**
 * A rate in words, with where and when it is from: "1 USD = 88.4681 INR, USDINR=X from the market simulator at
 * 15:45"; a charge without a rate: "1 USD = 1 INR, no exchange rate applied by the provider".
 */
export function rateText(t: TFunction, conversion: WalletConversion, fmt: FormatContext): string {
  const rate = t("trade:currency.rate", {
    from: conversion.from,
    to: conversion.to,
    rate: formatRate(conversion.rate, fmt),
  });
  if (conversion.source === UNCONVERTED.source) return t("trade:currency.unconverted", { rate });
  const simulator = /^simulator:(.+)$/.exec(conversion.source);
  const source = simulator ? t("trade:currency.simulator", { pair: simulator[1] }) : conversion.source;
  return conversion.at
    ? t("trade:currency.applied", { rate, source, time: formatClockTime(conversion.at, fmt) })
    : t("trade:currency.appliedUndated", { rate, source });
}
