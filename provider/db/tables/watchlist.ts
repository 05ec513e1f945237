import type { Generated, Selectable } from "kysely";

export interface WatchlistTable {
  id: Generated<number>;
  user_id: number;
  symbol: string;
  created_at: Date;
}

export type WatchlistRow = Selectable<WatchlistTable>;
