/**
 * Home (open; docs/product.md#home): quick-access tiles, index cards per market category (repainted every 5 s
 * from /resources/quotes while visible, kept and marked stale when a refresh fails) and the latest 3 news items
 * (not under INR; a failing news call hides the block instead of failing the page). The index line data and the
 * news list are saved on the device and painted from there when a navigation's data never comes back
 * (docs/product.md#on-the-device).
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

import { categoryName } from "~/components/market/categoryName";
import { IndexGrid } from "~/components/market/IndexGrid";
import { useLiveQuotes } from "~/components/market/liveQuotes";
import { PriceFreshness } from "~/components/market/LiveStatus";
import { MarketError } from "~/components/market/MarketError";
import { loadIndexTiles, type IndexCategory } from "~/features/market/index-tiles.server";
import { marketLinks } from "~/features/market/route-exports";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import type { Namespace } from "~/i18n/config";
import { formatDate } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { DeviceCopyNotice, deviceCopyClientLoader, useSaveCopy } from "~/offline/device-copy";
import { HOME_KEY } from "~/offline/screens";
import type { ProviderContext } from "~/provider/core.server";
import { attempt, logFailure } from "~/provider/failures.server";
import { getNewsList } from "~/provider/news.server";
import {
  blockTradingHref,
  fundsHref,
  instrumentListHref,
  ipoHref,
  newsHref,
  newsListHref,
  qipHref,
} from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { getRequestContext } from "~/utils/request.server";

/** docs/product.md#live-prices: index cards refresh every 5 s. */
const REFRESH_MS = 5_000;
/** docs/product.md#home: the latest three news items. */
const HOME_NEWS_COUNT = 3;

export const headers = noStoreHeaders;

export const links = marketLinks;

/** The document `<title>` comes from the root through `handle.titleKey` (app/utils/page.ts). */
export const handle: PageHandle = { i18n: ["markets", "quotes", "device"], titleKey: "markets:home.title" };

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ name: "description", content: data.description }] : [];

const QUICK_LINKS = [
  { to: blockTradingHref(), key: "home.blockTrading" },
  { to: ipoHref(), key: "home.ipo" },
  { to: qipHref(), key: "home.qip" },
  { to: fundsHref(), key: "home.funds" },
  // One tap to the other markets and to the news, also where home shows no news items (INR).
  { to: instrumentListHref("forex"), key: "home.forex" },
  { to: instrumentListHref("futures"), key: "home.futures" },
  { to: instrumentListHref("treasury"), key: "home.treasury" },
  { to: newsListHref(), key: "home.newsTile" },
] as const;

export interface HomeNewsItem {
  id: number;
  title: string;
  createdAt: string;
}

export interface HomeData {
  description: string;
  /** Epoch ms the index levels were read. */
  asOf: number;
  categories: IndexCategory[];
  /** The latest news, or null when the deployment hides it or the call failed. */
  news: HomeNewsItem[] | null;
}

async function latestNews(provider: ProviderContext): Promise<HomeNewsItem[] | null> {
  const result = await attempt(getNewsList(provider, { page: 1, limit: HOME_NEWS_COUNT }));
  if (!result.ok) {
    // News is a nice-to-have on home: hide the block, keep the page.
    logFailure("home news", result.failure);
    return null;
  }
  return result.data.rows
    .slice(0, HOME_NEWS_COUNT)
    .map((item) => ({ id: item.id, title: item.title, createdAt: item.created_at }));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { t, provider, deployment } = await getRequestContext(request, "markets");
  const [categories, news] = await Promise.all([
    loadIndexTiles(provider),
    deployment.showNewsOnHome ? latestNews(provider) : Promise.resolve(null),
  ]);
  const data: HomeData = { description: t("home.description"), asOf: Date.now(), categories, news };
  return json(data, { headers: NO_STORE });
}

/** On the device: the index line data in `line`, the news list (and the page's description) in `initData`. */
interface HomeLine {
  asOf: number;
  categories: IndexCategory[];
}
type HomeInit = Pick<HomeData, "description" | "news">;
const NAMESPACES: Namespace[] = ["markets", "quotes", "device"];

export const clientLoader = deviceCopyClientLoader<typeof loader>(async (copy, db) => {
  const line = (copy as { value: HomeLine }).value;
  const init = await db.readCopy<HomeInit>("initData", HOME_KEY);
  return { description: init?.value.description ?? "", news: init?.value.news ?? null, ...line };
});

export default function Home() {
  const data = useLoaderData<typeof clientLoader>();
  const line = useMemo((): HomeLine => ({ asOf: data.asOf, categories: data.categories }), [data]);
  const init = useMemo((): HomeInit => ({ description: data.description, news: data.news }), [data]);
  useSaveCopy("line", HOME_KEY, line, { skip: data.fromDevice !== undefined, namespaces: NAMESPACES });
  useSaveCopy("initData", HOME_KEY, init, { skip: data.fromDevice !== undefined, namespaces: [] });
  const { t } = useTranslation("markets");
  const fmt = useFormat();
  const symbols = useMemo(
    () => data.categories.flatMap((category) => category.indices.map((index) => index.symbol)),
    [data.categories],
  );
  const live = useLiveQuotes(symbols, REFRESH_MS, data.asOf);

  return (
    <div className="mk-page">
      <h1 className="sr-only">{t("home.heading")}</h1>
      <DeviceCopyNotice fromDevice={data.fromDevice} />

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
        <PriceFreshness asOf={live.asOf} stale={live.stale} />
        {data.categories.map((category) => (
          <section key={category.code} aria-labelledby={`category-${category.code}`}>
            <h3 id={`category-${category.code}`} className="mk-h3">
              {categoryName(t, category)}
            </h3>
            <IndexGrid category={category} live={live} />
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
            <Link to={newsListHref()}>{t("home.allNews")}</Link>
          </p>
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <MarketError />;
}
