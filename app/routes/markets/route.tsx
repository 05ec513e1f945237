/**
 * /markets (open; docs/product.md#markets): category picker, sub-index tabs, price card of the selected index, the
 * category's stock list paged 10 per page, and search. Every control is a link or a GET form; JavaScript only
 * debounces the search into the URL and repaints prices from /resources/quotes every 3 s. An unknown category or
 * index is never silently replaced: the page redirects to the default with a message saying so. The header's
 * search, and the page's own with "Search all markets" ticked (`?scope=all&q=`), searches every market and the
 * forex, futures and treasury lists, and shows what it found at the top, each row naming its market
 * (docs/product.md#navigation). What a URL showed (the category list
 * and its rows) is saved on the device and painted from there when a navigation's data never comes back
 * (docs/product.md#on-the-device).
 */
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";

import { categoryName } from "~/components/market/categoryName";
import { mergeCardQuote, mergeQuote, useLiveQuotes } from "~/components/market/liveQuotes";
import { PriceFreshness, ReadPriceButton } from "~/components/market/LiveStatus";
import { MarketError } from "~/components/market/MarketError";
import { PriceCard } from "~/components/market/PriceCard";
import { StockTable } from "~/components/market/StockTable";
import { SearchInput } from "~/components/ui/CodeSearchForm";
import { Pager } from "~/components/ui/Pager";
import { LinkTabs } from "~/components/ui/Tabs";
import { marketLinks } from "~/features/market/route-exports";
import { noStoreHeaders } from "~/http/no-store";
import { formatInteger } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { DeviceCopyNotice, deviceCopyClientLoader, useSaveCopy } from "~/offline/device-copy";
import { searchKey } from "~/offline/screens";
import { marketsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";

import { MAX_QUERY_LENGTH } from "./query";
import type { loader } from "./route.server";

const SEARCH_DEBOUNCE_MS = 300;
/** docs/product.md#live-prices: stock lists refresh every 3 s. */
const REFRESH_MS = 3_000;

export { loader } from "./route.server";
export type { MarketsCategory, MarketsData } from "./route.server";

export const headers = noStoreHeaders;

export const links = marketLinks;

/** The document `<title>` comes from the root through `handle.titleKey` (app/utils/page.ts). */
export const handle: PageHandle = { i18n: ["markets", "quotes", "device"], titleKey: "markets:markets.title" };

export const clientLoader = deviceCopyClientLoader<typeof loader>();

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ name: "description", content: data.description }] : [];

export default function Markets() {
  const data = useLoaderData<typeof clientLoader>();
  const location = useLocation();
  // The category list and its rows are kept; a search's results are not.
  useSaveCopy("initData", `markets${searchKey(location.search)}`, data, {
    skip: data.fromDevice !== undefined || data.q !== "" || data.found !== null,
    namespaces: ["markets", "quotes", "device"],
  });
  const { t } = useTranslation("markets");
  const fmt = useFormat();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/markets";

  const symbols = useMemo(
    () => [
      ...(data.found ? data.found.rows.map((row) => row.symbol) : []),
      ...(data.index ? [data.index.symbol] : []),
      ...data.rows.map((row) => row.symbol),
    ],
    [data.found, data.index, data.rows],
  );
  const live = useLiveQuotes(symbols, REFRESH_MS, data.asOf);
  const index = data.index ? mergeCardQuote(data.index, live) : null;
  const rows = data.rows.map((row) => mergeQuote(row, live));
  const found = data.found ? { ...data.found, rows: data.found.rows.map((row) => mergeQuote(row, live)) } : null;

  const categoryCode = data.category?.code ?? "";
  const indexCode = data.index?.symbol ?? "";
  const here = { category: categoryCode, index: indexCode, q: data.q };

  return (
    <div className="mk-page">
      <h1 className="mk-h1">{t("markets.heading")}</h1>
      <DeviceCopyNotice fromDevice={data.fromDevice} />

      {found ? (
        <section className="mk-list" aria-labelledby="found-heading">
          <h2 id="found-heading" className="mk-h2">
            {t("markets.everywhere.heading", { q: found.q })}
          </h2>
          <p role="status" className="mk-status">
            {found.rows.length > 0
              ? t("markets.searchResults", {
                  count: found.rows.length,
                  q: found.q,
                  total: formatInteger(found.rows.length, fmt),
                })
              : t("markets.everywhere.none", { q: found.q })}
            {found.incomplete ? ` ${t("markets.everywhere.incomplete")}` : null}
          </p>
          {found.rows.length > 0 ? (
            <StockTable
              rows={found.rows}
              labelledBy="found-heading"
              busy={busy}
              marketOf={(row) => categoryName(t, { code: row.market, name: row.market })}
              columns={[t("markets.colStock"), t("markets.colMarket"), t("markets.colPrice"), t("markets.colChange")]}
            />
          ) : null}
          <p>
            <Link to={marketsHref({ category: categoryCode || undefined, index: indexCode || undefined })}>
              {t("markets.clearSearch")}
            </Link>
          </p>
        </section>
      ) : null}

      {data.categories.length === 0 ? <p>{t("markets.noCategories")}</p> : null}

      {data.categories.length > 1 ? (
        <LinkTabs
          label={t("markets.categories")}
          className="mk-pills"
          tabs={data.categories.map((c) => ({
            to: marketsHref({ category: c.code, q: data.q }),
            label: categoryName(t, c),
            current: c.code === categoryCode,
          }))}
        />
      ) : null}

      {data.indices.length > 1 ? (
        <LinkTabs
          label={t("markets.indices")}
          className="mk-tabs"
          tabs={data.indices.map((i) => ({
            to: marketsHref({ category: categoryCode, index: i.symbol, q: data.q }),
            label: i.name,
            current: i.symbol === indexCode,
          }))}
        />
      ) : null}

      {data.category ? <PriceFreshness asOf={live.asOf} stale={live.stale} /> : null}

      {index ? (
        <PriceCard quote={index}>
          <ReadPriceButton quote={index} live={live} />
        </PriceCard>
      ) : null}

      {data.category ? (
        <section className="mk-list" aria-labelledby="stocks-heading">
          <h2 id="stocks-heading" className="mk-h2">
            {t("markets.stocksCaption", { category: categoryName(t, data.category) })}
          </h2>
          <SearchForm q={data.q} everywhere={found?.q ?? ""} category={categoryCode} index={indexCode} />
          <p role="status" className="mk-status">
            {data.q
              ? data.total > 0
                ? t("markets.searchResults", { count: data.total, q: data.q, total: formatInteger(data.total, fmt) })
                : t("markets.noResults", { q: data.q })
              : data.total === 0
                ? t("markets.empty")
                : ""}
          </p>
          {rows.length > 0 ? (
            <StockTable
              rows={rows}
              labelledBy="stocks-heading"
              busy={busy}
              columns={[t("markets.colStock"), t("markets.colPrice"), t("markets.colChange")]}
            />
          ) : null}
          <Pager
            page={data.page}
            pageCount={data.pageCount}
            total={data.total}
            hrefFor={(page) => marketsHref({ ...here, page })}
          />
        </section>
      ) : null}
    </div>
  );
}

/**
 * A plain GET form (works without JavaScript: type, press Search). With JavaScript, typing updates the URL
 * 300 ms after the last keystroke, replacing the history entry; an empty term drops `q` (the normal list).
 * "Search all markets" (`scope=all`) searches every market instead of this one, as the header's search does; it is a
 * choice the next search follows, never a search of its own (docs/product.md#markets).
 */
function SearchForm({
  q,
  everywhere,
  category,
  index,
}: {
  q: string;
  /** The term of a search of every market the page shows, or "". */
  everywhere: string;
  category: string;
  index: string;
}) {
  const { t } = useTranslation("markets");
  const submit = useSubmit();
  const inputRef = useRef<HTMLInputElement>(null);
  const scopeRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const term = q || everywhere;

  // Back/forward or a category link changes the search from outside: show it, unless the customer is typing.
  useEffect(() => {
    const input = inputRef.current;
    if (input && document.activeElement !== input) input.value = term;
  }, [term]);
  useEffect(() => {
    if (scopeRef.current) scopeRef.current.checked = everywhere !== "";
  }, [everywhere]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function search(form: HTMLFormElement) {
    const formData = new FormData(form);
    const typed = String(formData.get("q") ?? "").trim();
    if (typed) formData.set("q", typed);
    else {
      formData.delete("q");
      formData.delete("scope");
    }
    submit(formData, { method: "get", action: "/markets", replace: true, preventScrollReset: true });
  }

  return (
    <Form
      method="get"
      action="/markets"
      role="search"
      aria-label={t("markets.searchLabel")}
      className="mk-search"
      onSubmit={() => clearTimeout(timer.current)}
    >
      <input type="hidden" name="category" value={category} />
      {index ? <input type="hidden" name="index" value={index} /> : null}
      <label htmlFor="markets-q">{t("markets.searchLabel")}</label>
      <div className="mk-search-row">
        <SearchInput
          ref={inputRef}
          id="markets-q"
          name="q"
          defaultValue={term}
          maxLength={MAX_QUERY_LENGTH}
          aria-describedby="markets-q-hint"
          onChange={(event) => {
            const form = event.currentTarget.form;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => form && search(form), SEARCH_DEBOUNCE_MS);
          }}
        />
        <button type="submit" className="mk-button">
          {t("markets.searchSubmit")}
        </button>
      </div>
      <p id="markets-q-hint" className="mk-hint">
        {t("markets.searchHint")}
      </p>
      <label className="mk-search-scope">
        <input ref={scopeRef} type="checkbox" name="scope" value="all" defaultChecked={everywhere !== ""} />
        {t("markets.searchAll")}
      </label>
      {q ? (
        <p>
          <Link to={marketsHref({ category, index })}>{t("markets.clearSearch")}</Link>
        </p>
      ) : null}
    </Form>
  );
}

export function ErrorBoundary() {
  return <MarketError />;
}
