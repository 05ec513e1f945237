import type { Generated, Selectable } from "kysely";

export type InstrumentKind = "stock" | "index" | "forex" | "future" | "bond";
export type MarketCode = "IN" | "MX" | "US" | "FOREX" | "FUTURE" | "CGI";

export interface InstrumentsTable {
  id: Generated<number>;
  symbol: string;
  name: string;
  market: MarketCode;
  exchange_name: string;
  market_name: string;
  /** Sector or asset class, e.g. "Energy", "Currency", "Metals". */
  category: string;
  kind: InstrumentKind;
  /** numeric(20,6) as a decimal string: the level the simulator oscillates around. */
  reference_price: string;
  precision: number;
  sort_order: number;
}

export type InstrumentRow = Selectable<InstrumentsTable>;
