import { json } from "@remix-run/node";

import { displaySymbol } from "~/deployment";
import { ProviderError, isProviderUnavailable } from "~/provider/core.server";
import { PAGE_SIZE, getCurrencyList, getMarketList, tradeRequest } from "~/provider/trading.server";

import type { InstrumentKind } from "./lists";

const MAX_CODE = 40;

/**
 * Loader data of /forex, /futures and /treasury-debt. `?code=` searches; a present but blank code is the
 * 'Please enter a code to search' error on the field (and the unfiltered list). Provider failures become the
 * list's own message (SPEC §8), never an error page.
 */
export async function loadInstrumentList(request: Request, kind: InstrumentKind) {
  const { t, locale, ctx, deployment } = await tradeRequest(request);
  const url = new URL(request.url);
  const rawCode = url.searchParams.get("code");
  const code = (rawCode ?? "").trim().slice(0, MAX_CODE);
  const codeError = rawCode !== null && code === "" ? t("lists.codeRequired") : null;
  const page = kind === "forex" ? Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "", 10) || 1) : 1;

  let rows: { symbol: string; display: string; name: string; market: string; price: number; change: number; changePercent: number }[] = [];
  let count = 0;
  let failure: string | null = null;
  try {
    if (kind === "forex") {
      const list = await getCurrencyList(ctx, { page, code: code || undefined });
      count = list.count;
      rows = list.rows.map((row) => ({
        symbol: row.stock,
        display: row.stock,
        name: row.name,
        market: row.market,
        price: row.prasent,
        change: row.price_change_percent,
        changePercent: row.percent_change,
      }));
    } else {
      const list = await getMarketList(ctx, { market: kind === "futures" ? "FUTURE" : "CGI", code: code || undefined });
      count = list.length;
      rows = list.map((row) => ({
        symbol: row.stock,
        display: displaySymbol(row.stock, deployment),
        name: row.name,
        market: row.market,
        price: row.current_price,
        change: row.change,
        changePercent: row.percent_change,
      }));
    }
  } catch (error) {
    if (!(error instanceof ProviderError) && !isProviderUnavailable(error)) throw error;
    console.warn(`[${kind}] list failed`, error instanceof ProviderError ? error.code : "provider_unavailable");
    failure = t(code ? "lists.searchFailed" : `lists.${kind}.loadFailed`);
  }

  const empty = failure || rows.length > 0 ? null : t(code ? `lists.${kind}.noMatch` : `lists.${kind}.empty`);
  return json(
    {
      locale,
      deployment: deployment.code,
      asOf: Date.now(),
      kind,
      code,
      codeError,
      page,
      pageCount: Math.max(1, Math.ceil(count / PAGE_SIZE)),
      count,
      rows,
      failure,
      empty,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export type InstrumentListData = Awaited<ReturnType<Awaited<ReturnType<typeof loadInstrumentList>>["json"]>>;
