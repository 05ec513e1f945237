import { dateTimeFormat, intlLocale, timeZoneOf, type FormatContext } from "~/i18n/format";

/** A record's date and time in the deployment's time zone (the same text on the server and in the browser). */
export function formatDateTime(value: string, fmt: FormatContext): string {
  return dateTimeFormat(intlLocale(fmt), { dateStyle: "medium", timeStyle: "short", timeZone: timeZoneOf(fmt) }).format(new Date(value));
}
