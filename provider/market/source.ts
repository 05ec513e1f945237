import type { InstrumentKind, MarketCode } from "../db/tables/instruments";

export interface Instrument {
  id: number;
  symbol: string;
  name: string;
  market: MarketCode;
  exchangeName: string;
  marketName: string;
  category: string;
  kind: InstrumentKind;
  referencePrice: number;
  precision: number;
}

export interface Quote {
  symbol: string;
  name: string;
  market: MarketCode;
  price: number;
  open: number;
  high: number;
  low: number;
  previousClose: number;
  change: number;
  /** Percent, e.g. -1.23. */
  changePercent: number;
  volume: number;
  precision: number;
}

export interface Candle {
  /** Epoch ms of the candle's start. */
  timestamp: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export type HistoryPeriod = "1m" | "1d" | "1wk" | "1mo";

export interface ListQuery {
  markets: MarketCode[];
  /** Case-insensitive substring of symbol or name. */
  search?: string;
  includeIndices?: boolean;
  offset: number;
  limit: number;
}

/** Everything the provider knows about prices. The simulator is one implementation. */
export interface MarketSource {
  find(symbol: string): Instrument | undefined;
  list(query: ListQuery): { rows: Instrument[]; count: number };
  indices(market: MarketCode): Instrument[];
  quote(symbol: string, at: Date): Quote | undefined;
  quotes(symbols: string[], at: Date): Quote[];
  history(symbol: string, period: HistoryPeriod, at: Date): Candle[] | undefined;
}
