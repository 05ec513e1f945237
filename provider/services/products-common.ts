import type { Deployment } from "../config";
import type { DB } from "../db/database";
import { orderNoValue } from "../db/repositories/orders";
import type { MarketSource } from "../market/source";

/** What every product service needs (a subset of the provider's Services). */
export interface ProductDeps {
  db: DB;
  market: MarketSource;
  now: () => Date;
  deployment: Deployment;
}

/**
 * An order number in the orders' format (yyyymmdd + at least 8 digits of orders_no_seq), so lots and deals share one
 * space: the value of the insert's `no`, made by the database in that insert; read it from the row the insert returns.
 */
export const newOrderNo = (at: Date) => orderNoValue(at.toISOString().slice(0, 10).replaceAll("-", ""));

export const iso = (d: Date | null) => (d ? d.toISOString() : null);
