/**
 * Which currency a trade's money is in, and how the provider charges it to the wallet
 * (docs/product.md#currency, docs/decisions/0102-order-amounts-in-the-market-currency.md). Browser-safe.
 *
 * A stock's price, total, fee and P&L are in its market's currency: ₹ for IN, $ for US and futures, MX$ for MX.
 * Forex rates and treasury yields carry no currency; the provider charges their totals as wallet money, so those
 * amounts are shown in the wallet's currency. The wallet is in the deployment's currency (INR or MXN).
 */
import { currencyOfMarket, formatMarketMoney, type FormatContext } from "~/format";
import { toBig } from "~/utils/decimal";

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
 * What the provider applies when a trade's currency is not the wallet's. Today it applies **no exchange rate**:
 * a US stock's $515.63 is debited as ₹515.63 (provider/services/trading.ts; docs/decisions/0014). The screens
 * say so instead of pretending a conversion happened.
 */
export const PROVIDER_EXCHANGE_RATE = "1";

export interface WalletConversion {
  /** The trade's currency (ISO 4217). */
  from: string;
  /** The wallet's currency. */
  to: string;
  /** Units of `to` charged per unit of `from`. */
  rate: string;
}

/** How a trade in `market` reaches the wallet, or null when both are in the same currency. */
export function walletConversion(market: string, fmt: FormatContext): WalletConversion | null {
  const from = currencyOfMarket(market);
  const to = fmt.deployment.currency;
  return from && from !== to ? { from, to, rate: PROVIDER_EXCHANGE_RATE } : null;
}

/** A currency's name in the page's language ("US dollars" → "US Dollar", "Dólar estadounidense"…), from Intl. */
export function currencyName(code: string, fmt: FormatContext): string {
  try {
    return new Intl.DisplayNames([fmt.locale], { type: "currency" }).of(code) ?? code;
  } catch {
    return code;
  }
}
