import { sql } from "kysely";

import type { Executor } from "../database";
import { fromExcluded } from "./common";
import type { PricePathRow } from "../tables/price-paths";

/** Every operator price path (a handful at most: the tick loop reads them every second). */
export const allPricePaths = (db: Executor): Promise<PricePathRow[]> =>
  db
    .selectFrom("price_paths")
    .select(["symbol", sql<string[]>`prices::text[]`.as("prices"), "starts_at", "step_ms"])
    .execute();

/** Sets `row.symbol`'s path, replacing the one it had. */
export const upsertPricePath = (db: Executor, row: PricePathRow) =>
  db
    .insertInto("price_paths")
    .values({ ...row, prices: sql<string[]>`${row.prices}::numeric[]` })
    .onConflict((oc) =>
      oc.column("symbol").doUpdateSet(fromExcluded<"price_paths">(["prices", "starts_at", "step_ms"])),
    )
    .execute();

/** Removes `symbol`'s path; whether it had one. */
export async function deletePricePath(db: Executor, symbol: string): Promise<boolean> {
  const result = await db.deleteFrom("price_paths").where("symbol", "=", symbol).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
