import { useMemo, useRef } from "react";

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

/** Resource route address for a set of symbols, or null when there is nothing to watch. */
export function quotesHref(symbols: readonly string[]): string | null {
  const unique = Array.from(new Set(symbols.filter(Boolean)));
  if (unique.length === 0) return null;
  return `/resources/quotes?${new URLSearchParams({ symbols: unique.join(",") })}`;
}

/**
 * Fresh quotes for `symbols`, polled every `intervalMs` while the page is visible. Returns only quotes read
 * after `renderedAt` (the loader's own timestamp), so a late reply never paints older figures over newer
 * server-rendered ones.
 */
export function useLiveQuotes(
  symbols: readonly string[],
  intervalMs: number,
  renderedAt: number,
): ReadonlyMap<string, LiveQuote> {
  const href = quotesHref(symbols);
  const payload = useLivePanel<QuotesPayload>(href, intervalMs);
  const lastGood = useRef<QuotesPayload | undefined>(undefined);
  if (payload && !payload.error && Array.isArray(payload.rows)) lastGood.current = payload;
  const current = lastGood.current;
  return useMemo(() => {
    const map = new Map<string, LiveQuote>();
    if (!current || current.asOf < renderedAt) return map;
    for (const row of current.rows) map.set(row.symbol, row);
    return map;
  }, [current, renderedAt]);
}

/** A rendered row with any fresher quote merged over it. */
export function mergeQuote<T extends { symbol: string; price: number; change: number; changePercent: number }>(
  row: T,
  live: ReadonlyMap<string, LiveQuote>,
): T {
  const fresh = live.get(row.symbol);
  if (!fresh) return row;
  return { ...row, price: fresh.price, change: fresh.change, changePercent: fresh.changePercent };
}
