import { useMemo } from "react";

import { quotesResourceHref } from "~/utils/hrefs";

import { useLivePanel } from "./useLivePanel";

/** One row of `/resources/quotes`: only what a live panel repaints. */
export interface LiveQuote {
  symbol: string;
  price: number;
  change: number;
  changePercent: number;
  high: number;
  low: number;
}

export interface QuotesPayload {
  /** Epoch ms when the server read these quotes. */
  asOf: number;
  rows: LiveQuote[];
  /** Set when the provider failed; the panel keeps its last figures. */
  error?: string;
}

/** The live figures of a screen and how fresh they are (docs/product.md#live-prices). */
export interface LiveQuotes {
  /** The freshest quote of `symbol`, or undefined when the page's own figures are the freshest. */
  get(symbol: string): LiveQuote | undefined;
  /** Epoch ms the figures on screen are from: the last good refresh, else the page's render. */
  asOf: number;
  /** The last refresh failed: the figures are kept and marked stale while it is retried. */
  stale: boolean;
}

/**
 * Fresh quotes for `symbols`, polled every `intervalMs` while the page is visible. Only quotes read after
 * `renderedAt` (the loader's own timestamp) are used, so a late reply never paints older figures over newer
 * server-rendered ones.
 */
export function useLiveQuotes(symbols: readonly string[], intervalMs: number, renderedAt: number): LiveQuotes {
  const panel = useLivePanel<QuotesPayload>(quotesResourceHref(symbols), intervalMs);
  const payload = panel.data;
  return useMemo(() => {
    const fresh = payload && Array.isArray(payload.rows) && payload.asOf >= renderedAt ? payload : undefined;
    const bySymbol = new Map((fresh?.rows ?? []).map((row) => [row.symbol, row]));
    return { get: (symbol: string) => bySymbol.get(symbol), asOf: fresh?.asOf ?? renderedAt, stale: panel.stale };
  }, [payload, renderedAt, panel.stale]);
}

/** A rendered row with any fresher quote merged over it. */
export function mergeQuote<T extends { symbol: string; price: number; change: number; changePercent: number }>(
  row: T,
  live: Pick<LiveQuotes, "get">,
): T {
  const fresh = live.get(row.symbol);
  if (!fresh) return row;
  return { ...row, price: fresh.price, change: fresh.change, changePercent: fresh.changePercent };
}

/** A price card's figures with a fresher quote merged over them (high and low move too). */
export function mergeCardQuote<
  T extends { symbol: string; price: number; change: number; changePercent: number; high: number; low: number },
>(card: T, live: Pick<LiveQuotes, "get">): T {
  const fresh = live.get(card.symbol);
  if (!fresh) return card;
  return {
    ...card,
    price: fresh.price,
    change: fresh.change,
    changePercent: fresh.changePercent,
    high: fresh.high,
    low: fresh.low,
  };
}
