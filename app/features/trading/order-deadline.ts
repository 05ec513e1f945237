import { dateTimeFormat, intlLocale, marketTimeZone, marketZoneName, type FormatContext } from "~/i18n/format";

/**
 * When an open order expires or is first judged, as "5 Dec, 15:30 IST": day, month and 24-hour time in the
 * customer's language, on the clock of the order's exchange with its zone's short name (docs/product.md "Order
 * types"): a Reliance order's close is 15:30 IST in a Mexican deployment too. The same on the server and in the
 * browser.
 */
export function orderDeadline(value: string, fmt: FormatContext, market: string | null | undefined): string {
  const at = new Date(value);
  const time = dateTimeFormat(intlLocale(fmt), {
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: marketTimeZone(market),
  }).format(at);
  return `${time} ${marketZoneName(market, at)}`;
}
