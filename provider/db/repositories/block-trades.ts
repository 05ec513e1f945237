import type { InsertObject } from "kysely";

import type { Database, Executor } from "../database";
import { fromExcluded, pageOf, rowsOf } from "./common";
import type { BlockDealStatus } from "../tables/block-deals";
import type { BlockMold } from "../tables/block-offers";
import type { MarketCode } from "../tables/instruments";

// ---- offers --------------------------------------------------------------------------------------------------

/** insertBlockOfferOnce is the seed's: undefined when the offer's slug exists. */
export const {
  insert: insertBlockOffer,
  insertOnce: insertBlockOfferOnce,
  find: findBlockOffer,
  lock: lockBlockOffer,
  update: updateBlockOffer,
} = rowsOf("block_offers");

/** Offers not closed and not past their window, of the given markets; `code` matches symbol or name (substring). */
export async function listBlockOffers(
  db: Executor,
  filter: { mold: BlockMold; markets: MarketCode[]; code?: string; now: Date; offset: number; limit: number },
) {
  let query = db
    .selectFrom("block_offers")
    .where("mold", "=", filter.mold)
    .where("market", "in", filter.markets)
    .where("closed_at", "is", null)
    .where("closes_at", ">", filter.now);
  if (filter.code) {
    const pattern = `%${filter.code.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    query = query.where((eb) => eb.or([eb("tag", "ilike", pattern), eb("name", "ilike", pattern)]));
  }
  return pageOf(query, (q) => q.selectAll().orderBy("opens_at").orderBy("id"), filter);
}

// ---- deals ---------------------------------------------------------------------------------------------------

export const findBlockDealByKey = (db: Executor, userId: number, key: string) =>
  db
    .selectFrom("block_deals")
    .selectAll()
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();

export const { insert: insertBlockDeal, update: updateBlockDeal } = rowsOf("block_deals");

/** What a failed attempt's retry refreshes: all but the deal's number, customer, key, status and creation time. */
const REFRESHED_ON_RETRY = [
  "offer_id",
  "mold",
  "tag",
  "name",
  "market",
  "count",
  "price",
  "price_all",
  "fee",
  "amount",
  "exchange_rate",
  "fx_source",
  "wallet_price_all",
  "wallet_fee",
  "wallet_amount",
  "reason",
  "updated_at",
] as const;

/**
 * Records a refused attempt: inserts the failed deal of this (user, key), or refreshes it when the same intent
 * failed before. A deal that has succeeded meanwhile is left alone.
 */
export const upsertFailedBlockDeal = (db: Executor, row: InsertObject<Database, "block_deals">) =>
  db
    .insertInto("block_deals")
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(["user_id", "idempotency_key"])
        .doUpdateSet(fromExcluded<"block_deals">(REFRESHED_ON_RETRY))
        .where("block_deals.status", "=", 2),
    )
    .execute();

export function listBlockDeals(
  db: Executor,
  userId: number,
  filter: { mold: BlockMold; status?: BlockDealStatus; offset: number; limit: number },
) {
  let query = db.selectFrom("block_deals").where("user_id", "=", userId).where("mold", "=", filter.mold);
  if (filter.status !== undefined) query = query.where("status", "=", filter.status);
  return pageOf(query, (q) => q.selectAll().orderBy("id", "desc"), filter);
}
