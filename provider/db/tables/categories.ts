import type { Generated, Selectable } from "kysely";

import type { MarketCode } from "./instruments";

/** One category per stock market; its `stocks` are the market's indices (kind = index). */
export interface CategoriesTable {
  id: Generated<number>;
  code: string;
  name: string;
  market: MarketCode;
  sort_order: number;
}

export type CategoryRow = Selectable<CategoriesTable>;
