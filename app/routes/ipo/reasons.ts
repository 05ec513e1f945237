import type { TFunction } from "~/i18n/config";
import { formatDate, type FormatContext } from "~/i18n/format";
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
