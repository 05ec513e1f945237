import type { TFunction } from "~/i18n/config";
import { formatDate, formatInteger, formatMoney, type FormatContext } from "~/i18n/format";
import type { IpoFigures } from "~/provider/products.server";

/**
 * Why an IPO cannot be applied for, in words (docs/product.md#ipo: only Forthcoming can be applied for; the others
 * show a disabled button and this reason next to it). Browser-safe: the list and the action say the same.
 */
export function ipoUnavailableReason(t: TFunction<"products">, ipo: IpoFigures, fmt: FormatContext): string {
  if (ipo.status === "Forthcoming") {
    return new Date(ipo.start).getTime() > Date.now()
      ? t("ipo.reason.notYet", { date: formatDate(ipo.start, fmt) })
      : t("ipo.reason.ended", { date: formatDate(ipo.end, fmt) });
  }
  if (ipo.status === "Closed") return t("ipo.reason.closed");
  if (ipo.status === "Listed") return t("ipo.reason.listed");
  return t("ipo.reason.other", { status: ipo.status });
}

/**
 * The quantity field's message for more shares than the available balance holds (docs/product.md#ipo): how many it
 * holds, or that it does not cover the IPO's minimum. Browser-safe: the action and the live check say the same.
 */
export function ipoBalanceMessage(
  t: TFunction<"products">,
  fmt: FormatContext,
  limits: { min: number; most: number; balance: string },
): string {
  const balance = formatMoney(limits.balance, fmt);
  return limits.most < limits.min
    ? t("ipo.balanceBelowMinimum", { balance, min: formatInteger(limits.min, fmt) })
    : t("ipo.aboveBalance", { balance, most: formatInteger(limits.most, fmt) });
}

/** The Review schema's balance limit, or null when what the balance holds is unknown. */
export function ipoBalanceLimit(
  t: TFunction<"products">,
  fmt: FormatContext,
  ipo: Pick<IpoFigures, "min">,
  covered: { most: number | null; balance: string | null },
): { most: number; message: string } | null {
  if (covered.most === null || covered.balance === null) return null;
  return {
    most: covered.most,
    message: ipoBalanceMessage(t, fmt, { min: ipo.min, most: covered.most, balance: covered.balance }),
  };
}
