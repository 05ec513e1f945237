/**
 * The data of /forex, /futures and /treasury-debt (docs/product.md#lists). `?code=` searches; a present but
 * blank code is 'Please enter a code to search' on the field (and the unfiltered list). Provider failures
 * become the list's own message, never an error page.
 */
import { json, redirect } from "@remix-run/node";

import { NO_STORE } from "~/http/no-store";
import { attempt, logFailure } from "~/provider/failures.server";
import type { StockFigures } from "~/provider/market.server";
import { currencyRowFigures, getCurrencyList, getMarketList, marketListRowFigures } from "~/provider/trading.server";
import { instrumentListHref, type InstrumentKind } from "~/utils/hrefs";
import { pageInfo, readPage, type PageInfo } from "~/utils/pagination";
import { requireUserContext, type UserRequestContext } from "~/utils/request.server";

const MAX_CODE = 40;

export interface InstrumentListData extends PageInfo {
  /** When the figures were read (epoch ms): live refreshes older than this are ignored. */
  asOf: number;
  kind: InstrumentKind;
  /** The search code as searched (trimmed). */
  code: string;
  codeError: string | null;
  rows: StockFigures[];
  /** The list's own failure message ('Failed to load currency list', 'Search failed'). */
  failure: string | null;
  /** The list's own empty message ('No matching futures found'…). */
  empty: string | null;
}

export async function loadInstrumentList(
  context: UserRequestContext,
  url: URL,
  kind: InstrumentKind,
): Promise<InstrumentListData> {
  const { t, provider, deployment } = context;
  const rawCode = url.searchParams.get("code");
  const code = (rawCode ?? "").trim().slice(0, MAX_CODE);
  const codeError = rawCode !== null && code === "" ? t("lists.codeRequired") : null;
  // Only forex pages (docs/product.md#lists); futures and treasury are one short list each.
  const page = kind === "forex" ? readPage(url.searchParams.get("page")) : 1;

  const loaded =
    kind === "forex"
      ? await attempt(
          getCurrencyList(provider, { page, code: code || undefined }).then((list) => ({
            count: list.count,
            rows: list.rows.map(currencyRowFigures),
          })),
        )
      : await attempt(
          getMarketList(provider, { market: kind === "futures" ? "FUTURE" : "CGI", code: code || undefined }).then(
            (rows) => ({
              count: rows.length,
              rows: rows.map((row) => marketListRowFigures(row, deployment)),
            }),
          ),
        );
  if (!loaded.ok) logFailure(`${kind} list`, loaded.failure);
  const rows = loaded.ok ? loaded.data.rows : [];
  const info = pageInfo(page, loaded.ok ? loaded.data.count : 0);
  if (loaded.ok && page > info.pageCount) throw redirect(instrumentListHref(kind, { code, page: info.pageCount }));
  const failure = loaded.ok ? null : t(code ? "lists.searchFailed" : `lists.${kind}.loadFailed`);
  const empty = failure || rows.length > 0 ? null : t(code ? `lists.${kind}.noMatch` : `lists.${kind}.empty`);
  return { ...info, asOf: Date.now(), kind, code, codeError, rows, failure, empty };
}

/** The loader of /forex, /futures and /treasury-debt: the signed-in customer's list of `kind`, never cached. */
export async function loadInstrumentListScreen(request: Request, kind: InstrumentKind) {
  const context = await requireUserContext(request, "trade");
  return json<InstrumentListData>(await loadInstrumentList(context, new URL(request.url), kind), {
    headers: NO_STORE,
  });
}
