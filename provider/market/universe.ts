import type { Instrument } from "./source";
import groups from "./universe.json";
import type { InstrumentKind, MarketCode } from "../db/tables/instruments";

/** The seeded instrument universe. Reference prices are plausible late-2025 levels. */
export interface UniverseEntry {
  symbol: string;
  name: string;
  market: MarketCode;
  exchange: string;
  category: string;
  kind: InstrumentKind;
  ref: number;
  precision: number;
}

export const MARKET_NAMES: Record<MarketCode, string> = {
  IN: "India",
  MX: "Mexico",
  US: "United States",
  FOREX: "Forex",
  FUTURE: "Futures",
  CGI: "Treasury",
};

type Row = [symbol: string, name: string, exchange: string, category: string, ref: number, precision?: number];
/** The instruments are data (`universe.json`): one group per market and kind, a row per instrument. */
interface Group {
  market: MarketCode;
  kind: InstrumentKind;
  rows: Row[];
}

function rows(market: MarketCode, kind: InstrumentKind, list: Row[], defaultPrecision = 2): UniverseEntry[] {
  return list.map(([symbol, name, exchange, category, ref, precision]) => ({
    symbol,
    name,
    market,
    exchange,
    category,
    kind,
    ref,
    precision: precision ?? defaultPrecision,
  }));
}

export const UNIVERSE: UniverseEntry[] = (groups as Group[]).flatMap((g) => rows(g.market, g.kind, g.rows));

/** The universe as the simulator's instruments, ids 1.. in order (plus `idOffset`): for tests without a database. */
export const universeInstruments = (idOffset = 0): Instrument[] =>
  UNIVERSE.map((u, i) => ({
    id: i + 1 + idOffset,
    symbol: u.symbol,
    name: u.name,
    market: u.market,
    exchangeName: u.exchange,
    marketName: u.market,
    category: u.category,
    kind: u.kind,
    referencePrice: u.ref,
    precision: u.precision,
  }));

/** Stock-market categories (one per listed stock market; their indices become the sub-index tabs). */
export const CATEGORIES: { code: string; name: string; market: MarketCode }[] = [
  { code: "IN", name: "India", market: "IN" },
  { code: "MX", name: "Mexico", market: "MX" },
  { code: "US", name: "United States", market: "US" },
];

/**
 * Fixed UTC offsets (minutes) that define each market's trading day. Daylight saving time is not modelled:
 * keeping the offset fixed makes every day boundary a pure arithmetic function of time.
 */
export const MARKET_UTC_OFFSET_MINUTES: Record<MarketCode, number> = {
  IN: 330, // Asia/Kolkata
  MX: -360, // America/Mexico_City (no DST since 2022)
  US: -300, // America/New_York, standard time
  FOREX: -300,
  FUTURE: -300,
  CGI: -300,
};
