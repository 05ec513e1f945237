/**
 * /stock/v2/{symbol}/{name} (auth): stock detail. Quote card (live every 3 s), the favourite star, buy and
 * sell buttons and a link to the chart. The star is a form: with JavaScript a fetcher flips it in place;
 * without, a plain POST redirects back here with a toast (POST → redirect → GET).
 */
import {
  json,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "~/i18n-react";

import { StockError } from "~/components/chart/StockError";
import { isUnknownInstrument } from "~/components/chart/chart.server";
import { chartHref, tradeHref, tradingViewHref } from "~/components/chart/links";
import { PriceCard, type PriceCardQuote } from "~/components/market/PriceCard";
import { useLiveQuotes } from "~/components/market/liveQuotes";
import { deploymentFor, displaySymbol } from "~/deployment";
import type { FormatContext } from "~/format";
import { getLocale } from "~/i18next.server";
import { ProviderError, isProviderUnavailable, providerContext } from "~/provider/core.server";
import { getYahoo, type YahooQuote } from "~/provider/market.server";
import { addToWatchlist, isInWatchlist, removeFromWatchlist } from "~/provider/watchlist.server";
import { requireSameOrigin } from "~/security.server";
import { currentPath, requireUser } from "~/session.server";
import { redirectWithToast } from "~/toast.server";
import marketStyles from "~/styles/market.css";
import stockStyles from "~/styles/stock.css";
import type { PageHandle } from "~/utils/page";

const REFRESH_MS = 3_000;
const NO_STORE = { "Cache-Control": "private, no-store" };

export const headers: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", loaderHeaders.get("Cache-Control") ?? "private, no-store");
  return headers;
};

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: marketStyles },
  { rel: "stylesheet", href: stockStyles },
];

export const handle: PageHandle = { titleKey: "detail.title", ns: "stock" };

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ name: "description", content: data.description }] : [];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const symbol = params.symbol ?? "";
  const [locale, ctx] = await Promise.all([getLocale(request), providerContext(request)]);
  const deployment = deploymentFor(process.env.DEPLOYMENT);

  const [quoteResult, collected] = await Promise.all([
    getYahoo(ctx, { symbol, mold: "SVG" }).then(
      (quote) => ({ quote: quote as YahooQuote & { market?: string } }),
      (error: unknown) => ({ error }),
    ),
    isInWatchlist(ctx, symbol).catch((error: unknown) => {
      // The star still works (add and remove are idempotent); it just starts as "not saved".
      if (error instanceof ProviderError || isProviderUnavailable(error)) {
        console.warn("[stock detail] watchlist check failed:", error instanceof ProviderError ? error.code : "unavailable");
        return false;
      }
      throw error;
    }),
  ]);
  if ("error" in quoteResult) {
    const error = quoteResult.error;
    if (isUnknownInstrument(error)) throw json({ code: "not_found" }, { status: 404, headers: NO_STORE });
    if (error instanceof ProviderError) throw json({ code: error.code }, { status: 502, headers: NO_STORE });
    throw error;
  }
  const { quote } = quoteResult;
  const name = params.name?.trim() || quote.name;
  const card: PriceCardQuote = {
    symbol: quote.symbol || symbol,
    name,
    market: quote.market ?? "",
    price: quote.price,
    change: quote.change,
    changePercent: quote.changePercent,
    open: quote.open,
    high: quote.high,
    low: quote.low,
    previousClose: quote.previousClose,
    linePath: quote.linePath ?? null,
    areaPath: quote.areaPath ?? null,
  };
  return json(
    {
      locale,
      deployment: deployment.code,
      asOf: Date.now(),
      display: displaySymbol(card.symbol, deployment),
      description: `${name} (${displaySymbol(card.symbol, deployment)})`,
      quote: card,
      collected,
    },
    { headers: NO_STORE },
  );
}

type FavouriteReply = { ok: true; collected: boolean } | { ok: false; collected: boolean };

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  await requireUser(request);
  const form = await request.formData();
  const intent = form.get("intent");
  // Set by the hydrated page: the fetcher wants JSON; a plain form POST gets a redirect (POST → redirect → GET).
  const enhanced = form.get("enhanced") === "1";
  const symbol = params.symbol ?? "";
  const name = params.name?.trim() || symbol;
  const back = currentPath(request);

  const reply = async (result: FavouriteReply) => {
    if (enhanced) return json(result, { status: result.ok ? 200 : 502, headers: NO_STORE });
    if (!result.ok) return redirectWithToast(back, { key: "stock:favourite.failedToast", type: "error" });
    return redirectWithToast(back, {
      key: result.collected ? "stock:favourite.added" : "stock:favourite.removed",
      values: { name },
    });
  };

  if (intent !== "add" && intent !== "remove") return reply({ ok: false, collected: false });
  const ctx = await providerContext(request);
  try {
    const collected = intent === "add" ? await addToWatchlist(ctx, symbol) : await removeFromWatchlist(ctx, symbol);
    return reply({ ok: true, collected });
  } catch (error) {
    if (error instanceof ProviderError || isProviderUnavailable(error)) {
      console.warn(`[stock detail] favourite ${intent} failed:`, error instanceof ProviderError ? error.code : "unavailable");
      return reply({ ok: false, collected: intent === "remove" });
    }
    throw error;
  }
}

export default function StockDetail() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("stock");
  const fmt: FormatContext = useMemo(
    () => ({ locale: data.locale, deployment: deploymentFor(data.deployment) }),
    [data.locale, data.deployment],
  );
  const symbols = useMemo(() => [data.quote.symbol], [data.quote.symbol]);
  const live = useLiveQuotes(symbols, REFRESH_MS, data.asOf).get(data.quote.symbol);
  const quote: PriceCardQuote = live
    ? { ...data.quote, price: live.price, change: live.change, changePercent: live.changePercent, high: live.high, low: live.low }
    : data.quote;
  const stock = { symbol: data.quote.symbol, market: data.quote.market, name: data.quote.name };

  return (
    <div className="mk-page sc-page">
      <header className="sc-head sc-head--row">
        <h1 className="mk-h1">
          {data.quote.name} <span className="sc-code">{data.display}</span>
        </h1>
        <FavouriteStar key={data.quote.symbol} collected={data.collected} name={data.quote.name} />
      </header>

      <PriceCard quote={quote} fmt={fmt} />

      <nav aria-label={t("actions.label")} className="sc-actions">
        <Link className="button sc-buy" to={tradeHref(stock, "buy")}>
          {t("actions.buy")}
        </Link>
        <Link className="button sc-sell" to={tradeHref(stock, "sell")}>
          {t("actions.sell")}
        </Link>
      </nav>
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

/** The favourite toggle (SPEC §2): adds or removes, then flips. `aria-pressed` carries the state. */
function FavouriteStar({ collected: saved, name }: { collected: boolean; name: string }) {
  const { t } = useTranslation("stock");
  const fetcher = useFetcher<typeof action>();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // Optimistic while submitting, the action's answer while the loaders revalidate, then the loader's state.
  const pending = fetcher.formData?.get("intent");
  let collected = saved;
  if (pending === "add" || pending === "remove") collected = pending === "add";
  else if (fetcher.state !== "idle" && fetcher.data?.ok) collected = fetcher.data.collected;
  const failed = fetcher.state === "idle" && fetcher.data?.ok === false;

  return (
    <div className="sc-star-wrap">
      <fetcher.Form method="post" className="sc-star-form">
        <input type="hidden" name="intent" value={collected ? "remove" : "add"} />
        {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
        <button
          type="submit"
          className={collected ? "sc-star sc-star--on" : "sc-star"}
          aria-pressed={collected}
          aria-describedby={failed ? "favourite-error" : undefined}
          title={t(collected ? "favourite.remove" : "favourite.add", { name })}
        >
          <span aria-hidden="true" className="sc-star-icon">
            {collected ? "★" : "☆"}
          </span>{" "}
          {t("favourite.label")}
        </button>
      </fetcher.Form>
      <div role="alert" className="sc-star-error" id="favourite-error">
        {failed ? (
          <p>
            <strong>{t("favourite.errorTitle")}</strong> {t("favourite.errorText")}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <StockError />;
}
