/**
 * /news (auth; docs/product.md#news): the news, newest first, 10, 20, 30 or 50 per page as the customer chooses
 * with the page-size form and its Show button (a GET: `?limit=`, never a change of the select on its own).
 * Paging keeps the chosen size. When the provider cannot be read the page says "Failed to fetch news" in place,
 * with a retry (HTTP 503). A page of the list is saved on the device and painted from there when a navigation's
 * data never comes back (docs/product.md#on-the-device).
 */
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { Pager } from "~/components/ui/Pager";
import { NEWS_PAGE_SIZES, readNewsPageSize, type NewsPageSize } from "~/features/news/page-size";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { formatDate } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { DeviceCopyNotice, deviceCopyClientLoader, useSaveCopy } from "~/offline/device-copy";
import { searchKey } from "~/offline/screens";
import { attempt, logFailure } from "~/provider/failures.server";
import { getNewsList, newsItem, type NewsItem } from "~/provider/news.server";
import newsStyles from "~/styles/news.css";
import { newsHref, newsListHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { pageInfo, readPage, type PageInfo } from "~/utils/pagination";
import { requireUserContext } from "~/utils/request.server";
import { routeLinks } from "~/utils/route-styles";

export const handle: PageHandle = { i18n: ["news", "device"], titleKey: "news:list.title" };
export const links = routeLinks(newsStyles);

export const headers = noStoreHeaders;

export interface NewsListData extends PageInfo {
  limit: NewsPageSize;
  /** The provider could not be read: "Failed to fetch news" in place of the list. */
  failed: boolean;
  items: NewsItem[];
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { provider } = await requireUserContext(request, "news");
  const url = new URL(request.url);
  const page = readPage(url.searchParams.get("page"));
  const limit = readNewsPageSize(url.searchParams.get("limit"));
  const news = await attempt(getNewsList(provider, { page, limit }));
  if (!news.ok) {
    logFailure("news list", news.failure);
    const data: NewsListData = { ...pageInfo(page, 0, limit), limit, failed: true, items: [] };
    return json(data, { status: 503, headers: NO_STORE });
  }
  const info = pageInfo(page, news.data.count, limit);
  if (page > info.pageCount) throw redirect(newsListHref({ page: info.pageCount, limit }), { headers: NO_STORE });
  const data: NewsListData = { ...info, limit, failed: false, items: news.data.rows.map(newsItem) };
  return json(data, { headers: NO_STORE });
}

export const clientLoader = deviceCopyClientLoader<typeof loader>();

export default function NewsListPage() {
  const data = useLoaderData<typeof clientLoader>();
  const location = useLocation();
  useSaveCopy("initData", `news${searchKey(location.search)}`, data, {
    skip: data.fromDevice !== undefined || data.failed,
    namespaces: ["news", "device"],
  });
  const { t } = useTranslation("news");
  const fmt = useFormat();
  return (
    <div className="news-page">
      <h1 className="news-h1" tabIndex={-1}>
        {t("list.heading")}
      </h1>
      <DeviceCopyNotice fromDevice={data.fromDevice} />

      <Form method="get" action={newsListHref()} className="news-size">
        <label htmlFor="news-limit">{t("list.pageSize")}</label>
        <select id="news-limit" name="limit" defaultValue={String(data.limit)} key={data.limit}>
          {NEWS_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--secondary button--small">
          {t("list.pageSizeSubmit")}
        </button>
      </Form>

      {data.failed ? (
        <div className="notice" role="alert">
          <p>{t("list.failed")}</p>
          <Link
            to={newsListHref({ page: data.page, limit: data.limit })}
            reloadDocument
            className="button button--secondary"
          >
            {t("list.retry")}
          </Link>
        </div>
      ) : data.items.length === 0 ? (
        <p className="news-empty">{t("list.empty")}</p>
      ) : (
        <>
          <p className="news-count">{t("list.count", { count: data.total })}</p>
          <ul className="list news-list">
            {data.items.map((item) => (
              <li key={item.id} className="news-item">
                {item.image ? (
                  <img className="news-item__image" src={item.image} alt="" width={96} height={64} loading="lazy" />
                ) : null}
                <div>
                  <h2 className="news-item__title">
                    <Link to={newsHref(item.id)}>{item.title}</Link>
                  </h2>
                  {item.subhead ? <p className="news-item__subhead">{item.subhead}</p> : null}
                  <time className="news-item__time" dateTime={item.createdAt}>
                    {formatDate(item.createdAt, fmt)}
                  </time>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}

      <Pager
        page={data.page}
        pageCount={data.pageCount}
        total={data.total}
        label={t("list.pagerLabel")}
        hrefFor={(page) => newsListHref({ page, limit: data.limit })}
      />
    </div>
  );
}
