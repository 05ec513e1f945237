/**
 * A stock's quote by the code the customer sees (docs/product.md#charts): in the INR deployment `RELIANCE`
 * finds `RELIANCE.NS` (or `.BO`). Links keep using the real symbol the provider answers with.
 */
import type { Deployment } from "~/deployment";
import type { ProviderContext } from "~/provider/core.server";
import { classifyFailure, requireData } from "~/provider/failures.server";
import { getYahoo, type YahooMold, type YahooQuote } from "~/provider/market.server";

/** Provider refusals that mean "no such instrument here": the page is a 404, not an outage. */
export const UNKNOWN_INSTRUMENT_CODES = ["not_found", "invalid_input"] as const;

/**
 * The codes to try for `symbol`: itself, then with each of the deployment's hidden exchange suffixes in order
 * (INR: `.NS`, then `.BO`) — only for a plain code (no suffix, not an index) in the market whose suffixes are
 * hidden (or when the URL names no market).
 */
export function candidateSymbols(symbol: string, deployment: Deployment, market?: string | null): string[] {
  const upper = symbol.toUpperCase();
  const plain =
    symbol.length > 0 &&
    !symbol.startsWith("^") &&
    !deployment.hiddenSuffixes.some((suffix) => upper.endsWith(suffix.toUpperCase()));
  const inHomeMarket = !market || market.toUpperCase() === deployment.homeMarket;
  if (!plain || !inHomeMarket) return [symbol];
  return [symbol, ...deployment.hiddenSuffixes.map((suffix) => `${symbol}${suffix}`)];
}

/**
 * The yahoo reply for the first candidate the provider knows. An unknown code is a 404 route error, another
 * business failure a 502, an outage the 503 it already is (`requireData`).
 */
export async function requireStockQuote(
  provider: ProviderContext,
  deployment: Deployment,
  params: { symbol: string; market?: string | null; mold: YahooMold },
): Promise<YahooQuote> {
  const candidates = candidateSymbols(params.symbol, deployment, params.market);
  const ask = (symbol: string) => getYahoo(provider, { symbol, market: params.market ?? undefined, mold: params.mold });
  const options = { notFoundCodes: UNKNOWN_INSTRUMENT_CODES };
  for (const candidate of candidates.slice(0, -1)) {
    try {
      return await ask(candidate);
    } catch (error) {
      // Only "unknown code" tries the next candidate; any other answer is this page's (session ends rethrow).
      const failure = classifyFailure(error);
      const unknown =
        failure.kind === "business" && (UNKNOWN_INSTRUMENT_CODES as readonly string[]).includes(failure.code);
      if (!unknown) return requireData(Promise.reject(error), options);
    }
  }
  return requireData(ask(candidates[candidates.length - 1]), options);
}
