/** A daily move's percentage as the alert screens and the chat say it: `5` → `5%`, never signed (either way). */
import { intlLocale, numberFormat, type FormatContext } from "~/i18n/format";

const PERCENT: Intl.NumberFormatOptions = { style: "percent", minimumFractionDigits: 0, maximumFractionDigits: 2 };

export function formatMovePercent(percentPoints: number | string, fmt: FormatContext): string {
  return numberFormat(intlLocale(fmt), PERCENT).format(Number(percentPoints) / 100);
}
