import { sql, type Insertable, type Updateable } from "kysely";
import type { Executor } from "../database";
import type { BlockDealStatus, BlockDealsTable } from "../tables/block-deals";
import type { BlockMold, BlockOffersTable } from "../tables/block-offers";
import type { MarketCode } from "../tables/instruments";

// ---- offers --------------------------------------------------------------------------------------------------

export const insertBlockOffer = (db: Executor, row: Insertable<BlockOffersTable>) =>
  db.insertInto("block_offers").values(row).returningAll().executeTakeFirstOrThrow();

/** Seed: adds the offer once (by slug); returns undefined when it already exists. */
export const insertBlockOfferOnce = (db: Executor, row: Insertable<BlockOffersTable>) =>
  db
    .insertInto("block_offers")
    .values(row)
    .onConflict((oc) => oc.column("slug").doNothing())
    .returningAll()
    .executeTakeFirst();

export const findBlockOffer = (db: Executor, id: number) =>
  db.selectFrom("block_offers").selectAll().where("id", "=", id).executeTakeFirst();

export const lockBlockOffer = (db: Executor, id: number) =>
  db.selectFrom("block_offers").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();

export const updateBlockOffer = (db: Executor, id: number, changes: Updateable<BlockOffersTable>) =>
  db.updateTable("block_offers").set(changes).where("id", "=", id).returningAll().executeTakeFirstOrThrow();

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
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy("opens_at").orderBy("id").offset(filter.offset).limit(filter.limit).execute(),
    query.select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

// ---- deals ---------------------------------------------------------------------------------------------------

export const findBlockDealByKey = (db: Executor, userId: number, key: string) =>
  db
    .selectFrom("block_deals")
    .selectAll()
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();

export const insertBlockDeal = (db: Executor, row: Insertable<BlockDealsTable>) =>
  db.insertInto("block_deals").values(row).returningAll().executeTakeFirstOrThrow();

export const updateBlockDeal = (db: Executor, id: number, changes: Updateable<BlockDealsTable>) =>
  db.updateTable("block_deals").set(changes).where("id", "=", id).returningAll().executeTakeFirstOrThrow();

/**
 * Records a refused attempt: inserts the failed deal of this (user, key), or refreshes it when the same intent
 * failed before. A deal that has succeeded meanwhile is left alone.
 */
export const upsertFailedBlockDeal = (db: Executor, row: Insertable<BlockDealsTable>) =>
  db
    .insertInto("block_deals")
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(["user_id", "idempotency_key"])
        .doUpdateSet({
          offer_id: row.offer_id,
          mold: row.mold,
          tag: row.tag,
          name: row.name,
          market: row.market,
          count: row.count,
          price: row.price,
          price_all: row.price_all,
          fee: row.fee,
          amount: row.amount,
          exchange_rate: row.exchange_rate ?? null,
          fx_source: row.fx_source ?? null,
          wallet_price_all: row.wallet_price_all ?? null,
          wallet_fee: row.wallet_fee ?? null,
          wallet_amount: row.wallet_amount ?? null,
          reason: row.reason ?? null,
          updated_at: row.updated_at,
        })
        .where("block_deals.status", "=", 2),
    )
    .execute();

export async function listBlockDeals(
  db: Executor,
  userId: number,
  filter: { mold: BlockMold; status?: BlockDealStatus; offset: number; limit: number },
) {
  let query = db.selectFrom("block_deals").where("user_id", "=", userId).where("mold", "=", filter.mold);
  if (filter.status !== undefined) query = query.where("status", "=", filter.status);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy("id", "desc").offset(filter.offset).limit(filter.limit).execute(),
    query.select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}
