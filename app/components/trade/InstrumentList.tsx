import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "~/i18n-react";

import { mergeQuote, useLiveQuotes } from "~/components/market/liveQuotes";
import { StockRow } from "~/components/market/StockRow";
import { deploymentFor } from "~/deployment";
import type { FormatContext } from "~/format";

import { LIST_PATHS, listHref } from "./lists";
import type { InstrumentListData } from "./lists.server";
import { Pager } from "./PositionsScreen";

const REFRESH_MS = 5_000;
/** SPEC §9: the next page loads within 50 px of the bottom. */
const SCROLL_THRESHOLD_PX = 50;

/**
 * Forex, futures and treasury lists: a GET search form (Enter submits), the position link, and rows that open
 * the stock detail. Prices refresh every 5 s through /resources/quotes. Forex pages: with JS the next page
 * loads near the bottom (then a "no more" note); without JS, previous/next links.
 */
export function InstrumentList({ data }: { data: InstrumentListData }) {
  const { t } = useTranslation("trade");
  const fmt: FormatContext = useMemo(
    () => ({ locale: data.locale, deployment: deploymentFor(data.deployment) }),
    [data.locale, data.deployment],
  );
  const kind = data.kind;
  const paths = LIST_PATHS[kind];
  const infinite = kind === "forex";

  // Forex: rows of later pages fetched with the route's own loader, appended to the server-rendered page.
  const fetcher = useFetcher<InstrumentListData>();
  const [extra, setExtra] = useState<InstrumentListData["rows"]>([]);
  const [lastPage, setLastPage] = useState(data.page);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    setExtra([]);
    setLastPage(data.page);
  }, [data]);
  useEffect(() => {
    const more = fetcher.data;
    if (!more || more.code !== data.code || more.page !== lastPage + 1) return;
    setExtra((rows) => [...rows, ...more.rows]);
    setLastPage(more.page);
  }, [fetcher.data, data.code, lastPage]);
  const hasMore = lastPage < data.pageCount && !data.failure;
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  useEffect(() => {
    if (!infinite || !hasMore) return;
    const onScroll = () => {
      const nearBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - SCROLL_THRESHOLD_PX;
      if (nearBottom && fetcherRef.current.state === "idle") fetcherRef.current.load(listHref(kind, { code: data.code, page: lastPage + 1 }));
    };
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [infinite, hasMore, kind, data.code, lastPage]);

  const allRows = useMemo(() => [...data.rows, ...extra], [data.rows, extra]);
  const symbols = useMemo(() => allRows.map((row) => row.symbol), [allRows]);
  const live = useLiveQuotes(symbols, REFRESH_MS, data.asOf);
  const rows = allRows.map((row) => mergeQuote(row, live));

  const inputId = `${kind}-code`;
  const errorId = `${inputId}-error`;
  return (
    <div className="tr-page">
      <h1 className="tr-h1">{t(`lists.${kind}.heading`)}</h1>
      <Form method="get" action={paths.path} role="search" className="tr-search" aria-label={t("lists.searchLabel")}>
        <label htmlFor={inputId}>{t("lists.searchLabel")}</label>
        {data.codeError ? (
          <p id={errorId} className="field__error">
            {data.codeError}
          </p>
        ) : null}
        <div className="tr-search__row">
          <input
            id={inputId}
            type="search"
            name="code"
            defaultValue={data.code}
            key={data.code}
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            aria-invalid={data.codeError ? true : undefined}
            aria-describedby={data.codeError ? errorId : undefined}
          />
          <button type="submit" className="button">
            {t("lists.search")}
          </button>
        </div>
        {data.code ? <Link to={paths.path}>{t("lists.clear")}</Link> : null}
      </Form>
      <p>
        <Link to={paths.positions} className="button button--secondary">
          {t("lists.positions")}
        </Link>
      </p>
      {data.failure ? <p className="notice">{data.failure}</p> : null}
      {data.empty ? <p className="tr-empty">{data.empty}</p> : null}
      {rows.length > 0 ? (
        <table className="mk-table">
          <caption className="sr-only">{t(`lists.${kind}.heading`)}</caption>
          <thead>
            <tr>
              <th scope="col">{t("lists.colName")}</th>
              <th scope="col">{t("lists.colPrice")}</th>
              <th scope="col">{t("lists.colChange")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <StockRow key={row.symbol} stock={row} fmt={fmt} />
            ))}
          </tbody>
        </table>
      ) : null}
      {infinite && hydrated ? (
        <p className="tr-muted tr-more">{hasMore ? (fetcher.state !== "idle" ? t("lists.loadingMore") : "") : rows.length > 0 ? t("lists.noMore") : ""}</p>
      ) : infinite ? (
        <Pager page={data.page} pageCount={data.pageCount} hrefFor={(page) => listHref(kind, { code: data.code, page })} show={data.count > 0} fmt={fmt} />
      ) : null}
    </div>
  );
}
