/**
 * Home (open, SPEC §2): quick-access tiles, index cards per market category (repainted every 5 s from
 * /resources/quotes while visible) and the latest 3 news items (not under INR; a failing news call hides
 * the block instead of failing the page).
 */
import { json, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "~/i18n-react";

import { IndexCard, type IndexFigures } from "~/components/market/IndexCard";
import { MarketError } from "~/components/market/MarketError";
import { marketsHref, newsHref } from "~/components/market/hrefs";
import { mergeQuote, useLiveQuotes } from "~/components/market/liveQuotes";
import { deploymentFor } from "~/deployment";
import { formatDate, type FormatContext } from "~/format";
import type { PageHandle } from "~/utils/page";
import { getCategories, getNewsList, getQuotes, marketRequest, requireMarketData } from "~/provider/market.server";
import marketStyles from "~/styles/market.css";

const REFRESH_MS = 5_000;
const HOME_NEWS_COUNT = 3;

/** Prices go stale in seconds: the document is never cached either (loader headers only cover `_data`). */
export const headers: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", loaderHeaders.get("Cache-Control") ?? "private, no-store");
  return headers;
};

export const links: LinksFunction = () => [{ rel: "stylesheet", href: marketStyles }];

/** The document `<title>` comes from the root through `handle.titleKey` (app/utils/page.ts). */
export const handle: PageHandle = { titleKey: "home.title", ns: "markets" };

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ name: "description", content: data.description }] : [];

const QUICK_LINKS = [
  { to: "/block-trading", key: "home.blockTrading" },
  { to: "/ipo", key: "home.ipo" },
  { to: "/qip", key: "home.qip" },
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { t, locale, ctx, deployment } = await marketRequest(request);

  const newsCall = deployment.showNewsOnHome
    ? getNewsList(ctx, { page: 1, limit: HOME_NEWS_COUNT }).then(
        (reply) => reply.rows.slice(0, HOME_NEWS_COUNT),
        (error: unknown) => {
          // News is a nice-to-have on home: hide the block, keep the page.
          console.warn("[home] news unavailable:", error instanceof Error ? error.message : error);
          return null;
        },
      )
    : Promise.resolve(null);

  const categories = await requireMarketData(getCategories(ctx));
  const [quotes, news] = await Promise.all([
    requireMarketData(getQuotes(ctx, categories.flatMap((c) => c.stocks.map((s) => s.stock_code)))),
    newsCall,
  ]);
  const bySymbol = new Map(quotes.map((quote) => [quote.symbol, quote]));

  return json(
    {
      description: t("home.description"),
      locale,
      deployment: deployment.code,
      asOf: Date.now(),
      categories: categories.map((category) => ({
        code: category.category_code,
        name: category.category_name,
        market: category.market,
        indices: category.stocks.flatMap((index): IndexFigures[] => {
          const quote = bySymbol.get(index.stock_code);
          return quote
            ? [
                {
                  symbol: index.stock_code,
                  name: index.stock_name || quote.name,
                  price: quote.price,
                  change: quote.change,
                  changePercent: quote.changePercent,
                },
              ]
            : [];
        }),
      })),
      news: news?.map((item) => ({ id: item.id, title: item.title, createdAt: item.created_at })) ?? null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("markets");
  const fmt: FormatContext = useMemo(
    () => ({ locale: data.locale, deployment: deploymentFor(data.deployment) }),
    [data.locale, data.deployment],
  );
  const symbols = useMemo(
    () => data.categories.flatMap((category) => category.indices.map((index) => index.symbol)),
    [data.categories],
  );
  const live = useLiveQuotes(symbols, REFRESH_MS, data.asOf);

  return (
    <div className="mk-page">
      <h1 className="sr-only">{t("home.heading")}</h1>

      <nav aria-label={t("home.quickAccess")}>
        <ul className="mk-tiles" role="list">
          {QUICK_LINKS.map((link) => (
            <li key={link.to}>
              <Link className="mk-card mk-tile" to={link.to}>
                {t(link.key)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="indices-heading">
        <h2 id="indices-heading" className="mk-h2">
          {t("home.indices")}
        </h2>
        {data.categories
          .filter((category) => category.indices.length > 0)
          .map((category) => (
            <section key={category.code} aria-labelledby={`category-${category.code}`}>
              <h3 id={`category-${category.code}`} className="mk-h3">
                {category.name}
              </h3>
              <ul className="mk-grid" role="list">
                {category.indices.map((index) => (
                  <li key={index.symbol}>
                    <IndexCard
                      index={mergeQuote(index, live)}
                      market={category.market}
                      href={marketsHref({ category: category.code, index: index.symbol })}
                      fmt={fmt}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))}
      </section>

      {data.news && data.news.length > 0 ? (
        <section aria-labelledby="news-heading">
          <h2 id="news-heading" className="mk-h2">
            {t("home.news")}
          </h2>
          <ul className="mk-news" role="list">
            {data.news.map((item) => (
              <li key={item.id}>
                <Link to={newsHref(item.id)}>{item.title}</Link>
                <time dateTime={item.createdAt}>{formatDate(item.createdAt, fmt)}</time>
              </li>
            ))}
          </ul>
          <p>
            <Link to="/news">{t("home.allNews")}</Link>
          </p>
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <MarketError />;
}
