import { dateTimeFormat, intlLocale, timeZoneOf, type FormatContext } from "~/i18n/format";

/**
 * When an open order expires or is first judged, as "5 Dec 15:30 IST": day, month, 24-hour time and the zone's
 * short name, in the deployment's time zone (docs/product.md "Order types"), the same on the server and in the
 * browser.
 */
export function orderDeadline(value: string, fmt: FormatContext): string {
  return dateTimeFormat(intlLocale(fmt), {
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: timeZoneOf(fmt),
    timeZoneName: "short",
  }).format(new Date(value));
}
