/**
 * GET /resources/quotes?symbols=A,B,C → `{ asOf, rows: [{ symbol, price, change, changePercent, high, low }] }`
 * The data of a live price panel and nothing else (docs/decisions/0030-live-panels-resource-routes.md). Never cached
 * by the browser; the quotes of the same symbols are shared between customers for a second (decision 0324). A
 * provider failure answers 502/503 with `rows: []` and an `error` code: the panel keeps its figures, marks them stale
 * and retries (docs/product.md#live-prices).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";

import type { LiveQuote, QuotesPayload } from "~/components/market/liveQuotes";
import { NO_STORE } from "~/http/no-store";
import { attempt } from "~/provider/failures.server";
import { getPanelQuotes } from "~/provider/market.server";
import { getRequestContext } from "~/utils/request.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { createSymbolsSchema } = await import("./resources.quotes.schema");
  const parsed = createSymbolsSchema().safeParse(new URL(request.url).searchParams.get("symbols") ?? "");
  if (!parsed.success) {
    return json<QuotesPayload>(
      { error: "invalid_symbols", asOf: Date.now(), rows: [] },
      { status: 400, headers: NO_STORE },
    );
  }
  const { provider } = await getRequestContext(request, "common", { tokenCheck: "own-call" });
  const result = await attempt(getPanelQuotes(provider, parsed.data));
  if (!result.ok) {
    const { failure } = result;
    const error = failure.kind === "business" ? failure.code : "provider_unavailable";
    return json<QuotesPayload>(
      { error, asOf: Date.now(), rows: [] },
      { status: failure.kind === "business" ? 502 : 503, headers: NO_STORE },
    );
  }
  const requested = new Set(parsed.data);
  const rows: LiveQuote[] = result.data
    .filter((quote) => requested.has(quote.symbol))
    .map(({ symbol, price, change, changePercent, high, low }) => ({
      symbol,
      price,
      change,
      changePercent,
      high,
      low,
    }));
  return json<QuotesPayload>({ asOf: Date.now(), rows }, { headers: NO_STORE });
}
