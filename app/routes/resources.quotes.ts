/**
 * GET /resources/quotes?symbols=A,B,C → `{ asOf, rows: [{ symbol, price, change, changePercent, high, low }] }`
 * The data of a live price panel and nothing else (docs/decisions/0030-live-panels.md). Never cached.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";

import type { LiveQuote, QuotesPayload } from "~/components/market/liveQuotes";
import { ProviderError, isProviderUnavailable, providerContext } from "~/provider/core.server";
import { MAX_QUOTE_SYMBOLS, getQuotes } from "~/provider/market.server";

const NO_STORE = { "Cache-Control": "no-store" };

const SymbolsSchema = z
  .string()
  .transform((value) =>
    Array.from(
      new Set(
        value
          .split(",")
          .map((symbol) => symbol.trim())
          .filter(Boolean),
      ),
    ),
  )
  .pipe(z.array(z.string().regex(/^[\^A-Za-z0-9.=&_-]{1,32}$/)).min(1).max(MAX_QUOTE_SYMBOLS));

export async function loader({ request }: LoaderFunctionArgs) {
  const parsed = SymbolsSchema.safeParse(new URL(request.url).searchParams.get("symbols") ?? "");
  if (!parsed.success) {
    return json({ error: "invalid_symbols", asOf: Date.now(), rows: [] }, { status: 400, headers: NO_STORE });
  }
  const requested = new Set(parsed.data);
  try {
    const ctx = await providerContext(request);
    const quotes = await getQuotes(ctx, parsed.data);
    const rows: LiveQuote[] = quotes
      .filter((quote) => requested.has(quote.symbol))
      .map(({ symbol, price, change, changePercent, high, low }) => ({ symbol, price, change, changePercent, high, low }));
    const payload: QuotesPayload = { asOf: Date.now(), rows };
    return json(payload, { headers: NO_STORE });
  } catch (error) {
    // A panel keeps showing its last figures; the next tick tries again.
    if (error instanceof ProviderError) {
      return json({ error: error.code, asOf: Date.now(), rows: [] }, { status: 502, headers: NO_STORE });
    }
    if (isProviderUnavailable(error)) {
      return json({ error: "provider_unavailable", asOf: Date.now(), rows: [] }, { status: 503, headers: NO_STORE });
    }
    throw error;
  }
}
