import { Link } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

import { mergeQuote, useLiveQuotes } from "~/components/market/liveQuotes";
import { PriceFreshness } from "~/components/market/LiveStatus";
import { StockTable } from "~/components/market/StockTable";
import { CodeSearchForm } from "~/components/ui/CodeSearchForm";
import { Pager } from "~/components/ui/Pager";
import { forexPageResourceHref, instrumentListHref, loginHref, noNavPositionsHref } from "~/utils/hrefs";

import type { InstrumentListData } from "./lists.server";
import { fetchListPage } from "./loadMore";

/** docs/product.md#live-prices: forex, futures and treasury refresh every 5 s. */
const REFRESH_MS = 5_000;
/** docs/product.md#lists: the next forex page loads within 50 px of the bottom. */
const SCROLL_THRESHOLD_PX = 50;

const POSITION_TAB = { forex: "forex", futures: "futures", treasury: "treasury" } as const;

/**
 * Forex, futures and treasury lists (docs/product.md#lists): a GET search form (Enter submits), the link to the
 * matching positions, and rows that open the stock detail (each row's one link stretched over it). Prices
 * refresh every 5 s through /resources/quotes. Forex pages: with JS the next page loads near the bottom (then a
 * "no more" note) from /resources/forex; a failed load keeps the rows and offers a retry (docs/decisions/0104);
 * without JS, previous/next links. A new search or page starts from its own rows (`key` = search + page).
 */
export function InstrumentList({ data }: { data: InstrumentListData }) {
  return <ListOfKind key={`${data.code}|${data.page}`} data={data} />;
}

function ListOfKind({ data }: { data: InstrumentListData }) {
  const { t } = useTranslation("trade");
  const kind = data.kind;
  const infinite = kind === "forex";

  // Forex: rows of later pages read with plain fetch, appended to the server-rendered page.
  const [extra, setExtra] = useState<InstrumentListData["rows"]>([]);
  const [lastPage, setLastPage] = useState(data.page);
  const [loading, setLoading] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const busy = useRef(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const hasMore = lastPage < data.pageCount && !data.failure;
  const loadMore = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setLoading(true);
    setLoadFailed(false);
    const next = lastPage + 1;
    const result = await fetchListPage(forexPageResourceHref({ code: data.code || undefined, page: next }));
    busy.current = false;
    setLoading(false);
    // Back to this list after signing in again, not to the resource the login redirect names.
    if (!result.ok && result.signedOut) return window.location.assign(loginHref(location.pathname + location.search));
    // The rows stay; the customer retries with the button (scrolling does not hammer a failing network).
    if (!result.ok) return setLoadFailed(true);
    if (result.data.code !== data.code || result.data.page !== next) return;
    setExtra((rows) => [...rows, ...result.data.rows]);
    setLastPage(next);
  }, [data.code, lastPage]);
  useEffect(() => {
    if (!infinite || !hasMore || loadFailed) return;
    const onScroll = () => {
      const nearBottom =
        window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - SCROLL_THRESHOLD_PX;
      if (nearBottom) void loadMore();
    };
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [infinite, hasMore, loadFailed, loadMore]);

  const allRows = useMemo(() => [...data.rows, ...extra], [data.rows, extra]);
  const symbols = useMemo(() => allRows.map((row) => row.symbol), [allRows]);
  const live = useLiveQuotes(symbols, REFRESH_MS, data.asOf);
  const rows = allRows.map((row) => mergeQuote(row, live));

  return (
    <div className="tr-page">
      <h1 className="tr-h1" tabIndex={-1}>
        {t(`lists.${kind}.heading`)}
      </h1>
      <CodeSearchForm
        action={instrumentListHref(kind)}
        prefix="tr"
        formLabel={t("lists.searchLabel")}
        label={t("lists.searchLabel")}
        submitLabel={t("lists.search")}
        inputId={`${kind}-code`}
        code={data.code}
        codeError={data.codeError}
        maxLength={40}
      >
        {data.code ? <Link to={instrumentListHref(kind)}>{t("lists.clear")}</Link> : null}
      </CodeSearchForm>
      <p>
        <Link to={noNavPositionsHref(POSITION_TAB[kind])} className="button button--secondary">
          {t("lists.positions")}
        </Link>
      </p>
      {data.failure ? <p className="notice">{data.failure}</p> : null}
      {data.empty ? <p className="tr-empty">{data.empty}</p> : null}
      {rows.length > 0 ? (
        <>
          <StockTable
            rows={rows}
            caption={t(`lists.${kind}.heading`)}
            columns={[t("lists.colName"), t("lists.colPrice"), t("lists.colChange")]}
          />
          <PriceFreshness asOf={live.asOf} stale={live.stale} />
        </>
      ) : null}
      {infinite && hydrated ? (
        <div className="tr-more-row">
          <p role="status" className="tr-muted tr-more">
            {loadFailed
              ? t("lists.loadMoreFailed")
              : hasMore
                ? loading
                  ? t("lists.loadingMore")
                  : ""
                : rows.length > 0
                  ? t("lists.noMore")
                  : ""}
          </p>
          {loadFailed ? (
            <button type="button" className="button button--secondary" onClick={() => void loadMore()}>
              {t("lists.loadMoreRetry")}
            </button>
          ) : null}
        </div>
      ) : infinite ? (
        <Pager
          page={data.page}
          pageCount={data.pageCount}
          total={data.total}
          hrefFor={(page) => instrumentListHref(kind, { code: data.code, page })}
        />
      ) : null}
    </div>
  );
}
