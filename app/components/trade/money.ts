import { intlLocale, timeZoneOf, type FormatContext } from "~/format";

/** Money with a sign (`+₹12.30`, `−₹4.00`), for profit and loss; zero has no sign. */
export function formatSignedMoney(value: number | string, fmt: FormatContext): string {
  const currency = fmt.deployment.currency;
  return new Intl.NumberFormat(intlLocale(fmt), {
    style: "currency",
    currency,
    currencyDisplay: currency === "INR" ? "narrowSymbol" : "symbol",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: "exceptZero",
  }).format(typeof value === "number" ? value : Number(value));
}

/** Date and time in the deployment's market time zone (same text on server and browser). */
export function formatDateTime(value: string, fmt: FormatContext): string {
  return new Intl.DateTimeFormat(intlLocale(fmt), {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: timeZoneOf(fmt),
  }).format(new Date(value));
}
