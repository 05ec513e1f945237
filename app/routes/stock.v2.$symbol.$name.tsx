/**
 * /stock/v2/{symbol}/{name} (auth): stock detail (docs/product.md#watchlist). Price card (live every 3 s, kept and
 * marked stale when a refresh fails), the favourite star, buy and sell buttons and links to the chart. The symbol
 * may be the code as shown (`RELIANCE` → `RELIANCE.NS` under INR; docs/product.md#charts). The star is a form: with
 * JavaScript a fetcher flips it in place; without, a plain POST redirects back here with a toast.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

import { StockError } from "~/components/chart/StockError";
import { mergeCardQuote, useLiveQuotes } from "~/components/market/liveQuotes";
import { PriceFreshness, ReadPriceButton } from "~/components/market/LiveStatus";
import { PriceCard } from "~/components/market/PriceCard";
import { StockActions } from "~/components/market/StockActions";
import { quoteMeta } from "~/features/market/quote-meta";
import { stockLinks } from "~/features/market/route-exports";
import { candidateSymbols, requireStockQuote } from "~/features/market/stock-quote.server";
import { parseWithZod } from "~/forms/action.server";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import type { ProviderContext } from "~/provider/core.server";
import { attempt, logFailure } from "~/provider/failures.server";
import { priceCardFigures, type PriceCardFigures } from "~/provider/market.server";
import { addToWatchlist, isInWatchlist, removeFromWatchlist } from "~/provider/watchlist.server";
import { currentPath } from "~/session/session.server";
import { redirectWithToast } from "~/session/toast.server";
import { chartHref, stockHref, tradingViewHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";

/** docs/product.md#live-prices: a stock's price refreshes every 3 s. */
const REFRESH_MS = 3_000;

export const handle: PageHandle = { i18n: ["stock", "quotes", "watchlist"], titleKey: "stock:detail.title" };
export const links = stockLinks;
export const headers = noStoreHeaders;

export const meta: MetaFunction<typeof loader> = quoteMeta;

export interface StockDetailData {
  /** Epoch ms the figures were read. */
  asOf: number;
  quote: PriceCardFigures;
  /** Whether the stock is on the watchlist (a failed check shows "not saved"; add and remove are idempotent). */
  collected: boolean;
}

async function watchlistState(provider: ProviderContext, symbol: string): Promise<boolean> {
  const result = await attempt(isInWatchlist(provider, symbol));
  if (result.ok) return result.data;
  logFailure("stock detail: watchlist check", result.failure);
  return false;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { provider, deployment } = await requireUserContext(request, "stock");
  const symbol = params.symbol ?? "";
  // A real symbol is checked beside the quote; a code as shown only once it has resolved to one.
  const resolvesFirst = candidateSymbols(symbol, deployment).length > 1;
  const [quote, checked] = await Promise.all([
    requireStockQuote(provider, deployment, { symbol, mold: "SVG" }),
    resolvesFirst ? null : watchlistState(provider, symbol),
  ]);
  const card = priceCardFigures(quote, { symbol, name: params.name }, deployment);
  const collected = checked !== null && card.symbol === symbol ? checked : await watchlistState(provider, card.symbol);
  const data: StockDetailData = { asOf: Date.now(), quote: card, collected };
  return json(data, { headers: NO_STORE });
}

export type FavouriteReply =
  | { ok: true; collected: boolean }
  /** `collected`: the state to show after a failure (unknown for a malformed request: keep the page's). */
  | { ok: false; collected: boolean | null; message: string };

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { t, provider } = await requireUserContext(request, "watchlist");
  const formData = await request.formData();
  const { createFavouriteSchema } = await import("./stock.v2.$symbol.$name.schema");
  const submission = parseWithZod(formData, { schema: createFavouriteSchema(t) });
  // The hydrated page sends enhanced=1: its fetcher wants JSON; a plain POST gets POST → redirect → GET.
  const enhanced = formData.get("enhanced") === "1";
  const symbol = params.symbol ?? "";
  const name = params.name?.trim() || symbol;

  if (submission.status !== "success") {
    // Nothing is written; the page says what went wrong, with or without JavaScript.
    const reply: FavouriteReply = { ok: false, collected: null, message: t("favourite.invalid") };
    return json({ ...reply, result: submission.reply() }, { status: 400, headers: NO_STORE });
  }

  const { intent } = submission.value;
  const result = await attempt(
    intent === "add" ? addToWatchlist(provider, symbol) : removeFromWatchlist(provider, symbol),
  );
  if (!result.ok) {
    logFailure(`stock detail: favourite ${intent}`, result.failure);
    if (!enhanced)
      return redirectWithToast(currentPath(request), { key: "watchlist:favourite.failedToast", type: "error" });
    const reply: FavouriteReply = { ok: false, collected: intent === "remove", message: t("favourite.errorText") };
    return json(reply, { status: 502, headers: NO_STORE });
  }
  if (!enhanced) {
    return redirectWithToast(currentPath(request), {
      key: result.data ? "watchlist:favourite.added" : "watchlist:favourite.removed",
      values: { name },
    });
  }
  const reply: FavouriteReply = { ok: true, collected: result.data };
  return json(reply, { headers: NO_STORE });
}

export default function StockDetail() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("stock");
  const symbols = useMemo(() => [data.quote.symbol], [data.quote.symbol]);
  const live = useLiveQuotes(symbols, REFRESH_MS, data.asOf);
  const quote = mergeCardQuote(data.quote, live);
  // Links and the star's form use the real symbol, whatever code the page was opened with.
  const stock = { symbol: quote.symbol, market: quote.market, name: quote.name };

  return (
    <div className="mk-page sc-page">
      <header className="sc-head sc-head--row">
        <h1 className="mk-h1">
          {quote.name} <span className="sc-code">{quote.display}</span>
        </h1>
        <FavouriteStar key={quote.symbol} collected={data.collected} name={quote.name} action={stockHref(stock)} />
      </header>

      <PriceFreshness asOf={live.asOf} stale={live.stale} />
      <PriceCard quote={quote}>
        <ReadPriceButton quote={quote} live={live} />
      </PriceCard>

      <StockActions stock={stock} />
      <ul className="sc-links">
        <li>
          <Link to={chartHref(stock)}>{t("actions.chart")}</Link>
        </li>
        <li>
          <Link to={tradingViewHref(stock.symbol)}>{t("actions.fullScreen")}</Link>
        </li>
      </ul>
    </div>
  );
}

/**
 * The favourite toggle (docs/product.md#watchlist): adds or removes, then flips. `aria-pressed` carries the state.
 * Optimistic while submitting, the action's answer while the loaders revalidate, then the loader's state.
 */
function FavouriteStar({ collected: saved, name, action }: { collected: boolean; name: string; action: string }) {
  const { t } = useTranslation("watchlist");
  const fetcher = useFetcher<FavouriteReply>();
  // Without JavaScript the same form is a plain POST; a malformed one re-renders this page with its answer.
  const actionData = useActionData<FavouriteReply>();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const pending = fetcher.formData?.get("intent");
  let collected = saved;
  if (pending === "add" || pending === "remove") collected = pending === "add";
  else if (fetcher.state !== "idle" && fetcher.data?.ok) collected = fetcher.data.collected;
  const answer = fetcher.state === "idle" ? (fetcher.data ?? actionData) : undefined;
  const failure = answer && !answer.ok ? answer : null;

  return (
    <div className="sc-star-wrap">
      <fetcher.Form method="post" action={action} className="sc-star-form">
        <input type="hidden" name="intent" value={collected ? "remove" : "add"} />
        {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
        <button
          type="submit"
          className={collected ? "sc-star sc-star--on" : "sc-star"}
          aria-pressed={collected}
          aria-describedby={failure ? "favourite-error" : undefined}
          title={t(collected ? "favourite.remove" : "favourite.add", { name })}
        >
          <span aria-hidden="true" className="sc-star-icon">
            {collected ? "★" : "☆"}
          </span>{" "}
          {t("favourite.label")}
        </button>
      </fetcher.Form>
      <div role="alert" className="sc-star-error" id="favourite-error">
        {failure ? (
          <p>
            <strong>{t("favourite.errorTitle")}</strong> {failure.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <StockError />;
}
