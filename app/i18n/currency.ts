/**
 * Which currency a trade's money is in, and how the provider charges it to the wallet
 * (docs/product.md#currency, docs/decisions/0102-order-amounts-in-the-market-currency.md). Browser-safe.
 *
 * A stock's price, total, fee and P&L are in its market's currency: ₹ for IN, $ for US and futures, MX$ for MX.
 * Forex rates and treasury yields carry no currency; the provider charges their totals as wallet money, so those
 * amounts are shown in the wallet's currency. The wallet is in the deployment's currency (INR or MXN).
 * No strings here: screens that only format amounts (the account's holdings) need no trade translations; the
 * rate in words is rate-text.ts.
 */
import { toBig } from "~/utils/decimal";

import { currencyOfMarket, formatMarketMoney, intlLocale, numberFormat, type FormatContext } from "./format";

/** The market whose currency formats an amount of a trade in `market` (the wallet's home market when it has none). */
export function amountMarket(market: string, fmt: FormatContext): string {
  return currencyOfMarket(market) ? market : fmt.deployment.region;
}

/** An amount of a trade in `market` (total, fee, market value), with its currency sign. */
export function formatAmount(value: number | string, fmt: FormatContext, market: string): string {
  return formatMarketMoney(value, fmt, amountMarket(market, fmt));
}

const MINUS = "\u2212";

/** A profit or loss with its sign (`+$12.30`, `−₹4.00`); zero has none. Same signs as `PriceChange`. */
export function formatSignedAmount(value: number | string, fmt: FormatContext, market: string): string {
  const amount = toBig(value);
  const sign = amount.gt(0) ? "+" : amount.lt(0) ? MINUS : "";
  return sign + formatAmount(amount.abs().toString(), fmt, market);
}

/**
 * How a trade's money reached (or would reach) the wallet when the two currencies differ. The provider converts
 * orders at the simulator's forex pair at the fill and returns the rate, its source and its instant on the deal
 * row (docs/decisions/0145); the review estimates with a quote of the same pair (docs/decisions/0146).
 */
export interface WalletConversion {
  /** The trade's currency (ISO 4217). */
  from: string;
  /** The wallet's currency. */
  to: string;
  /** Units of `to` per unit of `from` (a decimal string). */
  rate: string;
  /** Where the rate comes from: `simulator:USDINR=X`, or `none` when the provider applied no rate (1:1). */
  source: string;
  /** The instant of the rate (ISO-8601), when known. */
  at: string | null;
}

/**
 * What the provider applied to orders made before it converted between currencies (charged 1:1). Block trades and
 * QIP purchases are converted at the offer's rate (docs/decisions/0300-block-and-qip-in-wallet-currency.md).
 */
export const UNCONVERTED = { rate: "1", source: "none", at: null } as const;

/** The forex pair that quotes `from` in `to`, the one the provider converts at: `USDINR=X`. */
export function exchangePair(from: string, to: string): string {
  return `${from}${to}=X`;
}

/** The trade's and the wallet's currency when they differ (a US stock on INR), else null. */
export function walletCurrencies(market: string, fmt: FormatContext): { from: string; to: string } | null {
  const from = currencyOfMarket(market);
  const to = fmt.deployment.currency;
  return from && from !== to ? { from, to } : null;
}

/**
 * How a trade in `market` reaches the wallet at `applied` (a rate, its source and instant), or null when both are
 * in the same currency. Without `applied`, the provider's unconverted 1:1 charge ({@link UNCONVERTED}).
 */
export function walletConversion(
  market: string,
  fmt: FormatContext,
  applied: { rate: string | number; source: string; at?: string | null } = UNCONVERTED,
): WalletConversion | null {
  const currencies = walletCurrencies(market, fmt);
  return currencies
    ? { ...currencies, rate: toBig(applied.rate).toString(), source: applied.source, at: applied.at ?? null }
    : null;
}

/** The conversion a deal row says the provider applied, or null for a same-currency deal. */
export function dealConversion(
  deal: { type: string; fx_rate?: number | string | null; fx_source?: string | null; fx_at?: string | null },
  fmt: FormatContext,
): WalletConversion | null {
  if (deal.fx_source === "same_currency") return null;
  return walletConversion(
    deal.type,
    fmt,
    deal.fx_rate !== undefined && deal.fx_rate !== null && deal.fx_source
      ? { rate: deal.fx_rate, source: deal.fx_source, at: deal.fx_at }
      : UNCONVERTED,
  );
}

/**
 * The conversion a purchase's row (a block deal, an IPO application) says the provider applied, at the purchase's
 * time; null for a purchase in the wallet's currency or a row without a rate.
 */
export function appliedConversion(
  market: string,
  fmt: FormatContext,
  row: { fx_rate?: number | string | null; fx_source?: string | null; created_at: string },
): WalletConversion | null {
  if (!row.fx_source || row.fx_source === "same_currency" || row.fx_rate === undefined || row.fx_rate === null)
    return null;
  return walletConversion(market, fmt, { rate: row.fx_rate, source: row.fx_source, at: row.created_at });
}

/** A rate as people read it: up to 6 decimals, grouped the language's way (`88.4681`, `88,4681`). */
export function formatRate(rate: string | number, fmt: FormatContext): string {
  return numberFormat(intlLocale(fmt), { minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(Number(rate));
}

/** A currency's name in the page's language ("US dollars" → "US Dollar", "Dólar estadounidense"…), from Intl. */
export function currencyName(code: string, fmt: FormatContext): string {
  try {
    return new Intl.DisplayNames([fmt.locale], { type: "currency" }).of(code) ?? code;
  } catch {
    return code;
  }
}
