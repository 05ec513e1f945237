import { sql } from "kysely";

import type { Executor } from "../database";
import { compiledOnce, countRows, headedPage, rowsOf, splitHeaded } from "./common";
import type { AlertCondition, AlertStatus, PriceAlertRow } from "../tables/price-alerts";

export const { insert: insertPriceAlert, update: updatePriceAlert } = rowsOf("price_alerts");

/** The customer's alert, row-locked (call after locking the account row). */
export const lockPriceAlert = (db: Executor, userId: number, id: number) =>
  db
    .selectFrom("price_alerts")
    .selectAll()
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();

export const deletePriceAlert = (db: Executor, id: number) =>
  db.deleteFrom("price_alerts").where("id", "=", id).execute();

export interface AlertFilter {
  status?: AlertStatus;
  tag?: string;
  offset: number;
  limit: number;
}

/**
 * The customer's alerts, newest first, of one status and symbol when given, and how many there are, in one query.
 * A stock's screen asks on every load (its alerts come with its open orders, docs/decisions/0531), so the query is
 * compiled once (docs/decisions/0560-paged-reads-with-their-figures-in-one-query.md): the filters are values (null:
 * any).
 */
export async function listPriceAlerts(db: Executor, userId: number, filter: AlertFilter) {
  const found = await alertsPageQuery(
    db,
    userId,
    filter.status ?? null,
    filter.tag ?? null,
    filter.offset,
    filter.limit,
  );
  const { rows, count } = splitHeaded<PriceAlertRow>(found);
  return { rows, count };
}

const alertsPageQuery = compiledOnce(
  (db: Executor, userId: number, status: AlertStatus | null, tag: string | null, offset: number, limit: number) =>
    headedPage(
      db,
      db
        .selectFrom("price_alerts")
        .where("user_id", "=", userId)
        .where(sql<boolean>`(${status}::text is null or status = ${status}::text)`)
        .where(sql<boolean>`(${tag}::text is null or tag = ${tag}::text)`),
      { offset, limit },
    ),
);

export const countActivePriceAlerts = (db: Executor, userId: number) =>
  countRows(db.selectFrom("price_alerts").where("user_id", "=", userId).where("status", "=", "active"));

/** The customer's watched (active or paused) alert with exactly these terms, if any. */
export const findSamePriceAlert = (
  db: Executor,
  userId: number,
  alert: { tag: string; condition: AlertCondition; price: string | null; percent: string | null },
) =>
  db
    .selectFrom("price_alerts")
    .selectAll()
    .where("user_id", "=", userId)
    .where("tag", "=", alert.tag)
    .where("condition", "=", alert.condition)
    .where("status", "in", ["active", "paused"])
    .where(sql<boolean>`price is not distinct from ${alert.price}::numeric`)
    .where(sql<boolean>`percent is not distinct from ${alert.percent}::numeric`)
    .orderBy("id")
    .executeTakeFirst();

/** Symbols with active alerts (the partial index price_alerts_active_idx). */
export async function activeAlertTags(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom("price_alerts").select("tag").distinct().where("status", "=", "active").execute();
  return rows.map((r) => r.tag);
}

/**
 * Marks fired, in one statement, every active alert the quotes meet (`tags[i]` at `prices[i]`, with the day's change
 * `percents[i]`; decimal strings) and returns them. Each row changes once: a provider running the same statement at
 * the same moment waits for this one and then finds the row no longer active (docs/decisions/0362).
 */
export async function fireCrossingAlerts(
  db: Executor,
  quotes: { tags: string[]; prices: string[]; percents: string[] },
  now: Date,
): Promise<PriceAlertRow[]> {
  if (quotes.tags.length === 0) return [];
  const { rows } = await sql<PriceAlertRow>`
    update price_alerts a
    set status = 'fired', fired_at = ${now}, fired_price = q.price, updated_at = ${now}
    from unnest(${quotes.tags}::text[], ${quotes.prices}::numeric[], ${quotes.percents}::numeric[]) as q(tag, price, pct)
    where a.tag = q.tag and a.status = 'active'
      and ((a.condition = 'above' and q.price >= a.price)
        or (a.condition = 'below' and q.price <= a.price)
        or (a.condition = 'move' and abs(q.pct) >= a.percent))
    returning a.*`.execute(db);
  return rows;
}
