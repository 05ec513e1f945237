/**
 * Typed client for the provider's news endpoints (docs/provider-api.md, "Market data": `/stock/new/list`,
 * `/stock/new/index`), plus the mappers from provider rows to what the screens show. An article's HTML leaves
 * this module only sanitised (docs/product.md#news, docs/decisions/0140-news-html-sanitised-on-the-server.md):
 * no function here returns the provider's `content` as it came.
 */
import type sanitizeHtml from "sanitize-html";

import { callProvider, type ProviderContext } from "./core.server";

/** A row of `/stock/new/list`. */
export interface NewsRow {
  id: number;
  title: string;
  subhead: string;
  /** An image URL or "". */
  img: string;
  created_at: string;
  updated_at: string;
}

/** `/stock/new/index`: a row plus its HTML. */
export interface NewsArticleRow extends NewsRow {
  content: string;
}

export function getNewsList(ctx: ProviderContext, params: { page: number; limit: number }) {
  return callProvider<{ rows: NewsRow[]; count: number }>(ctx, {
    path: "/stock/new/list",
    query: { page: params.page, limit: params.limit },
  });
}

/** One article; `not_found` for an unknown id. */
export function getNewsArticle(ctx: ProviderContext, id: number) {
  return callProvider<NewsArticleRow>(ctx, { path: "/stock/new/index", query: { id } });
}

/* ---------------------------------------------------------------- view models */

/** A news item as a list shows it. */
export interface NewsItem {
  id: number;
  title: string;
  subhead: string;
  /** A picture the page may show (same-site or an inline raster image), else null. */
  image: string | null;
  /** ISO time it was published. */
  createdAt: string;
}

/** An article as its page shows it: `html` is sanitised. */
export interface NewsArticle extends NewsItem {
  /** ISO time it was last changed (equal to `createdAt` when never). */
  updatedAt: string;
  html: string;
}

/**
 * Images the Content-Security-Policy lets the page load (`img-src 'self' data:`, docs/decisions/0091): a
 * same-site path, or an inline PNG/JPEG/GIF/WebP. Other sites' images are dropped, not allowed in the policy
 * (they would tell a third party who reads what; decision 0140).
 */
export function safeImageSrc(src: string | null | undefined): string | null {
  const value = (src ?? "").trim();
  if (/^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i.test(value)) return value;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f\s\\]/.test(value) ? null : value;
}

const LINK_REL = "noopener noreferrer";
const LINK_SCHEMES = ["https", "http", "mailto", "tel"];

/** An address the sanitizer keeps: a same-site path, or one of LINK_SCHEMES (never `//host` or `javascript:`). */
function usableHref(href: string | undefined): boolean {
  const value = (href ?? "").trim();
  if (!value || value.startsWith("//")) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1];
  return scheme === undefined || LINK_SCHEMES.includes(scheme.toLowerCase());
}

const ARTICLE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h2",
    "h3",
    "h4",
    "ul",
    "ol",
    "li",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "blockquote",
    "q",
    "cite",
    "code",
    "pre",
    "hr",
    "a",
    "img",
    "figure",
    "figcaption",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "caption",
    "sub",
    "sup",
    "small",
    "span",
    "abbr",
  ],
  // No `style` or `class` (the policy forbids style attributes: style-src-attr 'none'), no event handlers.
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    abbr: ["title"],
    ol: ["start"],
  },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: ["data"] },
  allowProtocolRelative: false,
  // The page's own <h1> is the title: headings in the text start one level below it.
  transformTags: {
    h1: "h2",
    // A link without a usable address keeps its text and no attribute (`rel` without `href` is not valid HTML).
    a: (tagName, attribs) => ({ tagName, attribs: usableHref(attribs.href) ? { ...attribs, rel: LINK_REL } : {} }),
    img: (tagName, attribs) => {
      const src = safeImageSrc(attribs.src);
      return { tagName, attribs: src ? { ...attribs, src, alt: attribs.alt ?? "" } : {} };
    },
  },
  // An image without a usable source (another site's, a `javascript:` one) goes; a link without a usable
  // address keeps its text.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  disallowedTagsMode: "discard",
};

/**
 * The article HTML a page may render: tags and attributes from a short list, no scripts, no event handlers, no
 * `javascript:` (or other unlisted scheme) addresses, only images the CSP allows, and every link with
 * `rel="noopener noreferrer"`.
 */
export async function sanitizeArticleHtml(html: string): Promise<string> {
  // Loaded on the first article shown, not at start: most requests never need it (~9 MB; decision 0153).
  const { default: sanitize } = await import("sanitize-html");
  return sanitize(html, ARTICLE_HTML);
}

export function newsItem(row: NewsRow): NewsItem {
  return {
    id: row.id,
    title: row.title,
    subhead: row.subhead ?? "",
    image: safeImageSrc(row.img),
    createdAt: row.created_at,
  };
}

export async function newsArticle(row: NewsArticleRow): Promise<NewsArticle> {
  return {
    ...newsItem(row),
    updatedAt: row.updated_at ?? row.created_at,
    html: await sanitizeArticleHtml(row.content ?? ""),
  };
}
