/**
 * How the fund screens say a fund's terms (docs/product.md#funds): the investment period (under 30 days in days,
 * else whole months = floor(days / 30), with plurals) and the return range in percent. Browser-safe.
 */
import type { TFunction } from "~/i18n/config";
import { intlLocale, numberFormat, type FormatContext } from "~/i18n/format";
import { money, toBig } from "~/utils/decimal";

/**
 * An investment period as the screens say it: under 30 days in days, else whole months = floor(days / 30). Here, not
 * with the purchase quantities, so that the fund screens do not load those.
 */
export function investmentPeriod(days: number): { unit: "days" | "months"; count: number } {
  return days < 30 ? { unit: "days", count: days } : { unit: "months", count: Math.floor(days / 30) };
}

export function periodText(t: TFunction<"products">, days: number): string {
  const period = investmentPeriod(days);
  return period.unit === "days"
    ? t("period.days", { count: period.count })
    : t("period.months", { count: period.count });
}

/** A percentage given in percent points ("3.50") as the language writes it ("3.5%", "3,5 %"). */
export function formatPercentPoints(value: string, fmt: FormatContext): string {
  return numberFormat(intlLocale(fmt), { style: "percent", minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(
    toBig(value).div(100).toNumber(),
  );
}

export function returnRangeText(t: TFunction<"products">, min: string, max: string, fmt: FormatContext): string {
  return t("funds.rangeValue", { min: formatPercentPoints(min, fmt), max: formatPercentPoints(max, fmt) });
}

/** What `amount` returns at each end of the range (exact, to cents). */
export function returnAmounts(amount: string, min: string, max: string): { low: string; high: string } {
  return { low: money(toBig(amount).times(min).div(100)), high: money(toBig(amount).times(max).div(100)) };
}
