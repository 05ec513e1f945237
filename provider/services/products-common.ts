import type { Deployment } from "../config";
import type { DB, Executor } from "../db/database";
import { nextOrderSequence } from "../db/repositories/orders";
import type { MarketSource } from "../market/source";

/** What every product service needs (a subset of the provider's Services). */
export interface ProductDeps {
  db: DB;
  market: MarketSource;
  now: () => Date;
  deployment: Deployment;
}

/** An order number in the orders' format (yyyymmdd + 8 digits of orders_no_seq), so lots and deals share one space. */
export async function newOrderNo(trx: Executor, at: Date): Promise<string> {
  return at.toISOString().slice(0, 10).replaceAll("-", "") + String(await nextOrderSequence(trx)).padStart(8, "0");
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);
