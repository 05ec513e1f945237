/**
 * Intl-based formatting shared by server and browser (docs/decisions/0031-number-and-date-formatting.md).
 *
 * The UI language decides separators and word order; the deployment decides the region (grouping such as
 * the Indian lakh) and the currency. Nothing here formats a number by hand.
 */
import type { Deployment } from "~/deployment";

export interface FormatContext {
  /** UI language: en, zh, de or es (a full tag such as `en-GB` is accepted too). */
  locale: string;
  deployment: Pick<Deployment, "currency" | "region">;
}

export type Direction = "up" | "down" | "flat";

const cache = new Map<string, Intl.NumberFormat>();

/** A cached `Intl.NumberFormat` (building one costs far more than using it; a page formats hundreds). */
export function numberFormat(tag: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${tag}|${JSON.stringify(options)}`;
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(tag, options);
    cache.set(key, formatter);
  }
  return formatter;
}

/**
 * Formatters for the option objects below, which are module constants: found by identity, with no key to
 * build per call (a page formats hundreds of figures; decision 0151). Never pass a fresh object here.
 */
const formattersByOptions = new WeakMap<Intl.NumberFormatOptions, Map<string, Intl.NumberFormat>>();

function constantNumberFormat(tag: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let byTag = formattersByOptions.get(options);
  if (!byTag) {
    byTag = new Map();
    formattersByOptions.set(options, byTag);
  }
  let formatter = byTag.get(tag);
  if (!formatter) {
    formatter = numberFormat(tag, options);
    byTag.set(tag, formatter);
  }
  return formatter;
}

/** `en` + INR deployment → `en-IN`; falls back to the bare language when the combination is not valid. */
const localeTags = new Map<string, Map<string, string>>();

export function intlLocale(ctx: FormatContext): string {
  let byRegion = localeTags.get(ctx.locale);
  if (!byRegion) {
    byRegion = new Map();
    localeTags.set(ctx.locale, byRegion);
  }
  let tag = byRegion.get(ctx.deployment.region);
  if (!tag) {
    const language = ctx.locale.split(/[-_]/)[0] || "en";
    try {
      tag = Intl.getCanonicalLocales(`${language}-${ctx.deployment.region}`)[0] ?? language;
    } catch {
      tag = language;
    }
    byRegion.set(ctx.deployment.region, tag);
  }
  return tag;
}

function toNumber(value: number | string): number {
  return typeof value === "number" ? value : Number(value);
}

/** Fraction digits for a market's prices: forex 4, everything else 2 (docs/product.md#currency). */
export function priceDigits(market?: string | null): number {
  return market?.toUpperCase() === "FOREX" ? 4 : 2;
}

/**
 * Money in the deployment currency: `₹12,34,567.50` (en, INR), `MX$1,234.50` (en, MXN).
 * The rupee is always shown as ₹ (docs/product.md#currency), even where a language would write "INR".
 */
export function formatMoney(value: number | string, ctx: FormatContext): string {
  return constantNumberFormat(intlLocale(ctx), currencyOptions(ctx.deployment.currency, 2)).format(toNumber(value));
}

/**
 * A whole amount in the deployment currency as the product's messages write a minimum: no decimals, no grouping
 * (`₹5000`, `MX$5000`).
 */
export function formatWholeMoney(value: number | string, ctx: FormatContext): string {
  return constantNumberFormat(intlLocale(ctx), currencyOptions(ctx.deployment.currency, 0, false)).format(
    toNumber(value),
  );
}

/** The deployment currency's sign as its amounts are written in the customer's language: `₹`, `$`. */
export function currencySign(ctx: FormatContext): string {
  const parts = constantNumberFormat(intlLocale(ctx), currencyOptions(ctx.deployment.currency, 2)).formatToParts(0);
  return parts.find((part) => part.type === "currency")?.value ?? ctx.deployment.currency;
}

/** One constant options object per (currency, digits, grouping), built on first use. */
const currencyVariants = new Map<string, Intl.NumberFormatOptions>();

function currencyOptions(currency: string, digits: number, grouping = true): Intl.NumberFormatOptions {
  const variant = `${currency}|${digits}|${grouping}`;
  let options = currencyVariants.get(variant);
  if (options) return options;
  options = {
    style: "currency",
    currency,
    // The rupee always as ₹ (docs/product.md#currency). Dollars and pesos by the language's own symbol, which
    // keeps them apart wherever both appear: en-MX "$" / "MX$", es-MX "USD" / "$", en-IN "$" / "MX$".
    currencyDisplay: currency === "INR" ? "narrowSymbol" : "symbol",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    ...(grouping ? {} : { useGrouping: false }),
  };
  currencyVariants.set(variant, options);
  return options;
}

/**
 * The currency a market's prices are quoted in (docs/product.md#currency): IN rupees, MX pesos, US and the
 * futures exchanges dollars. Forex prices are exchange rates and treasury rows are yields: no currency.
 */
export function currencyOfMarket(market?: string | null): "INR" | "MXN" | "USD" | null {
  switch (market?.toUpperCase()) {
    case "IN":
      return "INR";
    case "MX":
      return "MXN";
    case "US":
    case "FUTURE":
      return "USD";
    default:
      return null;
  }
}

/**
 * A price or amount in its market's currency: `₹2,456.10` (IN), `$257.74` (US), `MX$58.20` (MX); a market
 * without a currency (forex rates, treasury yields) falls back to {@link formatPrice}.
 */
export function formatMarketMoney(value: number | string, ctx: FormatContext, market?: string | null): string {
  const currency = currencyOfMarket(market);
  if (!currency) return formatPrice(value, ctx, market);
  return constantNumberFormat(intlLocale(ctx), currencyOptions(currency, priceDigits(market))).format(toNumber(value));
}

/** A price or index level, 2 decimals (4 for forex), no currency sign. */
const PRICE_OPTIONS: Record<number, Intl.NumberFormatOptions> = {
  2: { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  4: { minimumFractionDigits: 4, maximumFractionDigits: 4 },
};
const SIGNED_CHANGE_OPTIONS: Record<number, Intl.NumberFormatOptions> = {
  2: { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: "exceptZero" },
  4: { minimumFractionDigits: 4, maximumFractionDigits: 4, signDisplay: "exceptZero" },
};
const SIGNED_PERCENT_OPTIONS: Intl.NumberFormatOptions = {
  style: "percent",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: "exceptZero",
};
const INTEGER_OPTIONS: Intl.NumberFormatOptions = { maximumFractionDigits: 0 };

export function formatPrice(value: number | string, ctx: FormatContext, market?: string | null): string {
  return constantNumberFormat(intlLocale(ctx), PRICE_OPTIONS[priceDigits(market)]).format(toNumber(value));
}

/** A price change with its sign: `+12.30`, `-0.0042`; a change that rounds to zero shows no sign. */
export function formatSignedChange(value: number | string, ctx: FormatContext, market?: string | null): string {
  return constantNumberFormat(intlLocale(ctx), SIGNED_CHANGE_OPTIONS[priceDigits(market)]).format(toNumber(value));
}

/** A percent change given in percent points (`-1.23` → `-1.23%`), always signed unless zero. */
export function formatSignedPercent(percentPoints: number | string, ctx: FormatContext): string {
  return constantNumberFormat(intlLocale(ctx), SIGNED_PERCENT_OPTIONS).format(toNumber(percentPoints) / 100);
}

const FEE_RATE_OPTIONS: Intl.NumberFormatOptions = { style: "percent", maximumFractionDigits: 3 };

/** A fee rate given as a fraction, as the reviews show it (`0.001` → `0.1%`). */
export function formatFeeRate(rate: number | string, ctx: FormatContext): string {
  return constantNumberFormat(intlLocale(ctx), FEE_RATE_OPTIONS).format(toNumber(rate));
}

/** A plain count or volume, e.g. `1,24,000` (en, INR). */
export function formatInteger(value: number | string, ctx: FormatContext): string {
  return constantNumberFormat(intlLocale(ctx), INTEGER_OPTIONS).format(toNumber(value));
}

/**
 * Dates are shown in the deployment's market time zone, the same on the server and in the browser, so the
 * server-rendered text never differs from the hydrated one.
 */
const TIME_ZONES: Record<string, string> = { IN: "Asia/Kolkata", MX: "America/Mexico_City" };

export function timeZoneOf(ctx: FormatContext): string {
  return TIME_ZONES[ctx.deployment.region] ?? "UTC";
}

/**
 * Each exchange's own clock (the simulator's trading days start at midnight there; no daylight saving), and the
 * English of its country, whose short zone name is the one its customers know: IST, CST (docs/product.md "Order
 * types"). Other markets (US, forex, futures, treasury) keep UTC−5: "GMT-5".
 */
const EXCHANGE_CLOCKS: Record<string, { timeZone: string; zoneNames: string }> = {
  IN: { timeZone: "Asia/Kolkata", zoneNames: "en-IN" },
  MX: { timeZone: "America/Mexico_City", zoneNames: "en-MX" },
};
const OTHER_EXCHANGES = { timeZone: "Etc/GMT+5", zoneNames: "en" };

const exchangeClock = (market: string | null | undefined) =>
  EXCHANGE_CLOCKS[(market ?? "").toUpperCase()] ?? OTHER_EXCHANGES;

export function marketTimeZone(market: string | null | undefined): string {
  return exchangeClock(market).timeZone;
}

/** The short name of `market`'s time zone at `at`, as written in the exchange's country: `IST`, `CST`, `GMT-5`. */
export function marketZoneName(market: string | null | undefined, at: Date): string {
  const { timeZone, zoneNames } = exchangeClock(market);
  const parts = dateTimeFormat(zoneNames, { timeZone, timeZoneName: "short" }).formatToParts(at);
  return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A cached `Intl.DateTimeFormat` (the chart formats up to 150 times per render). */
export function dateTimeFormat(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${tag}|${JSON.stringify(options)}`;
  let formatter = dateFormats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(tag, options);
    dateFormats.set(key, formatter);
  }
  return formatter;
}

const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

/**
 * A date such as `22 Nov 2026` (en, INR) from an ISO-8601 string or epoch milliseconds, in `timeZone`
 * (default: the deployment's; a chart passes its exchange's).
 */
export function formatDate(value: string | number | Date, ctx: FormatContext, timeZone = timeZoneOf(ctx)): string {
  return zonedDateTimeFormat(intlLocale(ctx), "date", timeZone, () => ({ dateStyle: "medium", timeZone })).format(
    toDate(value),
  );
}

/** A record's date and time in the deployment's time zone (the same text on the server and in the browser). */
export function formatDateTime(value: string, fmt: FormatContext): string {
  return dateTimeFormat(intlLocale(fmt), { dateStyle: "medium", timeStyle: "short", timeZone: timeZoneOf(fmt) }).format(
    new Date(value),
  );
}

/** The date formats of format.ts by (tag, which, time zone), without building an options key per call. */
const zonedFormats = new Map<string, Intl.DateTimeFormat>();

function zonedDateTimeFormat(
  tag: string,
  which: string,
  timeZone: string,
  options: () => Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${tag}|${which}|${timeZone}`;
  let formatter = zonedFormats.get(key);
  if (!formatter) {
    formatter = dateTimeFormat(tag, options());
    zonedFormats.set(key, formatter);
  }
  return formatter;
}

/**
 * A time of day such as `09:15`: 24-hour in every language, so a chart's axis, its summary and a "prices as
 * of" note never mix `03:00 am` with `15:00` (docs/product.md#live-prices).
 */
export function formatClockTime(value: string | number | Date, ctx: FormatContext, timeZone = timeZoneOf(ctx)): string {
  return zonedDateTimeFormat(intlLocale(ctx), "clock", timeZone, () => ({
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
  })).format(toDate(value));
}

/**
 * Direction of a change after rounding to the digits shown, so `-0.001` (shown as `0.00`) is flat and never
 * coloured red without a visible minus.
 */
export function directionOf(value: number | string, digits = 2): Direction {
  const scaled = Math.round(toNumber(value) * 10 ** digits);
  if (!Number.isFinite(scaled) || scaled === 0) return "flat";
  return scaled > 0 ? "up" : "down";
}
