import Decimal from "decimal.js";

import type { Deployment } from "../config";
import type { MarketCode } from "../db/tables/instruments";
import { ProviderError } from "../errors";
import type { MarketSource } from "../market/source";

/*
 * Exchange rates for orders (docs/decisions/0145): a trade priced in another currency than the wallet's is
 * charged at the rate of the simulator's forex pair at the instant that counts (the fill; a pending buy's hold:
 * its placement). Same currency: rate 1, source "same_currency".
 */

/**
 * The currency each market's prices are in; null for forex rates and bond yields, whose totals are wallet money. A
 * table over every `MarketCode`, so a new market fails the typecheck until its currency is named here.
 */
const MARKET_CURRENCY: Record<MarketCode, "INR" | "MXN" | "USD" | null> = {
  IN: "INR",
  MX: "MXN",
  US: "USD",
  FUTURE: "USD",
  FOREX: null,
  CGI: null,
};

/** The currency a market's prices are in; null for forex rates and bond yields, whose totals are wallet money. */
export function marketCurrency(market: MarketCode): "INR" | "MXN" | "USD" | null {
  return MARKET_CURRENCY[market] ?? null;
}

export interface FxConversion {
  /** The order's currency (ISO 4217). */
  currency: string;
  /** The wallet's currency: the deployment's. */
  walletCurrency: Deployment;
  /** Units of wallet currency per unit of `currency`, as quoted (the pair's precision). */
  rate: Decimal;
  /** "simulator:USDINR=X", or "same_currency". */
  source: string;
  /** The instant the rate is of. */
  at: Date;
}

export function createFx(market: MarketSource, walletCurrency: Deployment) {
  /** How money of a trade in `instrumentMarket` reaches the wallet at `at`; `rete_no` when the pair has no quote. */
  function conversion(instrumentMarket: MarketCode, at: Date): FxConversion {
    const currency = marketCurrency(instrumentMarket) ?? walletCurrency;
    if (currency === walletCurrency)
      return { currency, walletCurrency, rate: new Decimal(1), source: "same_currency", at };
    const pair = `${currency}${walletCurrency}=X`;
    const quote = market.quote(pair, at);
    if (!quote || !(quote.price > 0)) throw new ProviderError("rete_no", `no ${pair} exchange rate`);
    return { currency, walletCurrency, rate: new Decimal(String(quote.price)), source: `simulator:${pair}`, at };
  }
  return { conversion };
}

export type Fx = ReturnType<typeof createFx>;
