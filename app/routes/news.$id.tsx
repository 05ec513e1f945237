/**
 * /news/{id} (auth; docs/product.md#news): one article. Its HTML comes from the provider and is sanitised on the
 * server before it reaches the page (app/provider/news.server.ts, docs/decisions/0140): no scripts, event
 * handlers or `javascript:` links; images only from this site; links with rel="noopener noreferrer". An unknown
 * article is a 404 page of its own; a provider that cannot be read says "Failed to fetch news" in place (503).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { formatDate } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { attempt, logFailure } from "~/provider/failures.server";
import { getNewsArticle, newsArticle, type NewsArticle } from "~/provider/news.server";
import newsStyles from "~/styles/news.css";
import { newsHref, newsListHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";
import { routeLinks } from "~/utils/route-styles";

export const handle: PageHandle = { i18n: ["news"], titleKey: "news:article.title" };
export const links = routeLinks(newsStyles);

export const headers = noStoreHeaders;

/** Article ids are positive whole numbers (docs/provider-api.md); anything else cannot exist. */
const ARTICLE_ID = /^[1-9]\d{0,9}$/;

export type NewsArticleData =
  { state: "article"; article: NewsArticle } | { state: "notFound" } | { state: "failed"; id: string };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { provider } = await requireUserContext(request, "news");
  const id = params.id ?? "";
  if (!ARTICLE_ID.test(id) || Number(id) > 2_147_483_647) {
    return json<NewsArticleData>({ state: "notFound" }, { status: 404, headers: NO_STORE });
  }
  const reply = await attempt(getNewsArticle(provider, Number(id)));
  if (!reply.ok) {
    if (reply.failure.kind === "business" && reply.failure.code === "not_found") {
      return json<NewsArticleData>({ state: "notFound" }, { status: 404, headers: NO_STORE });
    }
    logFailure("news article", reply.failure);
    return json<NewsArticleData>({ state: "failed", id }, { status: 503, headers: NO_STORE });
  }
  return json<NewsArticleData>({ state: "article", article: await newsArticle(reply.data) }, { headers: NO_STORE });
}

export default function NewsArticlePage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("news");
  const fmt = useFormat();
  const back = (
    <p className="news-back">
      <Link to={newsListHref()}>{t("article.back")}</Link>
    </p>
  );

  if (data.state !== "article") {
    return (
      <div className="news-page">
        {back}
        <h1 className="news-h1" tabIndex={-1}>
          {t("article.title")}
        </h1>
        {data.state === "notFound" ? (
          <p className="notice">{t("article.notFound")}</p>
        ) : (
          <div className="notice" role="alert">
            <p>{t("article.failed")}</p>
            <Link to={newsHref(data.id)} reloadDocument className="button button--secondary">
              {t("article.retry")}
            </Link>
          </div>
        )}
      </div>
    );
  }

  const { article } = data;
  const updated = article.updatedAt !== article.createdAt;
  return (
    <article className="news-page news-article">
      {back}
      <h1 className="news-h1" tabIndex={-1}>
        {article.title}
      </h1>
      {article.subhead ? <p className="news-article__subhead">{article.subhead}</p> : null}
      <p className="news-article__dates">
        {t("article.published")} <time dateTime={article.createdAt}>{formatDate(article.createdAt, fmt)}</time>
        {updated ? (
          <>
            {" · "}
            {t("article.updated")} <time dateTime={article.updatedAt}>{formatDate(article.updatedAt, fmt)}</time>
          </>
        ) : null}
      </p>
      {article.image ? <img className="news-article__image" src={article.image} alt="" /> : null}
      {/* Sanitised on the server (newsArticle → sanitizeArticleHtml); never the provider's HTML as it came. */}
      <div className="news-article__body" dangerouslySetInnerHTML={{ __html: article.html }} />
    </article>
  );
}
