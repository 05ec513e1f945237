import type { Selectable } from "kysely";

/**
 * The operator's price of an instrument (docs/decisions/0363-operator-price-paths.md): from `starts_at`, `prices[i]`
 * for the i-th `step_ms`, the last one held until the operator clears it. numeric(20,6)[] read as decimal strings.
 */
export interface PricePathsTable {
  symbol: string;
  prices: string[];
  starts_at: Date;
  step_ms: number;
}

export type PricePathRow = Selectable<PricePathsTable>;
