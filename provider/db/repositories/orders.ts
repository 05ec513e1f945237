import { sql, type SelectQueryBuilder } from "kysely";

import type { Database, Executor } from "../database";
import { compiledOnce, headedPage, keysetPageOf, type KeysetPage, rowsOf, splitHeaded } from "./common";
import type { MarketCode } from "../tables/instruments";
import type { OrderRow, OrderStatus } from "../tables/orders";

/**
 * A new order number as a value of the insert that stores it, so the database makes it without a round trip of its
 * own (docs/decisions/0327-money-moved-in-one-statement.md): `day` and the next of orders_no_seq, at least 8 digits.
 */
export const orderNoValue = (day: string) =>
  sql<string>`${day}::text || (select lpad(n, greatest(8, length(n)), '0') from (select nextval('orders_no_seq')::text as n) as seq)`;

export const { insert: insertOrder, update: updateOrder, lock: lockOrderById, find: findOrderById } = rowsOf("orders");

/** The user's order by number, row-locked (call after locking the account row). */
export const lockOrderByNo = (db: Executor, userId: number, no: string) =>
  db.selectFrom("orders").selectAll().where("user_id", "=", userId).where("no", "=", no).forUpdate().executeTakeFirst();

/** Any customer's order by number, unlocked (the operator's `orders/expire` finds whose it is, then locks both). */
export const findAnyOrderByNo = (db: Executor, no: string) =>
  db.selectFrom("orders").selectAll().where("no", "=", no).executeTakeFirst();

/** The user's order by number, unlocked (a preview reads the lot it would sell from). */
export const findOrderByNo = (db: Executor, userId: number, no: string) =>
  db.selectFrom("orders").selectAll().where("user_id", "=", userId).where("no", "=", no).executeTakeFirst();

/**
 * Pending orders due for settlement at `now`, of one user or of everyone: a market order whose session has opened
 * (a fill or an expiry), and a limit or stop order past its expiry (its fills are the tick loop's, services/trading.ts).
 */
const dueOf = (db: Executor, now: Date, userId?: number) => {
  const q = db
    .selectFrom("orders")
    .where("status", "=", 0)
    .where((eb) =>
      eb.or([
        eb.and([eb("order_type", "=", "market"), eb("opens_at", "<=", now)]),
        eb.and([eb("order_type", "<>", "market"), eb("expires_at", "<=", now)]),
      ]),
    );
  return userId === undefined ? q : q.where("user_id", "=", userId);
};
export const dueOrders = (db: Executor, now: Date, userId?: number, limit = 500) =>
  dueOf(db, now, userId).select(["id", "user_id"]).orderBy("id").limit(limit).execute();

/**
 * A read of a page of the user's orders that `narrow` chooses (newest first), how many there are, and whether the
 * user has orders due for settlement at `now` (settling them changes the records and the lots), in one query compiled
 * once (docs/decisions/0560-paged-reads-with-their-figures-in-one-query.md): `narrow` filters by values only (null:
 * any), never by the query's shape.
 */
function pageOfOrdersAndDue<F extends unknown[]>(
  narrow: (
    orders: SelectQueryBuilder<Database, "orders", {}>,
    ...filters: F
  ) => SelectQueryBuilder<Database, "orders", {}>,
) {
  const query = compiledOnce((db: Executor, userId: number, offset: number, limit: number, now: Date, ...filters: F) =>
    headedPage(
      db,
      narrow(db.selectFrom("orders").where("user_id", "=", userId), ...filters),
      { offset, limit },
      (eb) => [eb.exists(dueOf(db, now, userId).select("id")).as("due")],
    ),
  );
  return async (db: Executor, userId: number, page: { offset: number; limit: number }, now: Date, ...filters: F) => {
    const found = await query(db, userId, page.offset, page.limit, now, ...filters);
    const { rows, count, head } = splitHeaded<OrderRow, { due: boolean }>(found, ["due"]);
    return { rows, count, due: Boolean(head.due) };
  };
}

const withSymbol = (orders: SelectQueryBuilder<Database, "orders", {}>, tag: string | null) =>
  orders.where(sql<boolean>`(${tag}::text is null or tag = ${tag}::text)`);

const recordsPage = pageOfOrdersAndDue((orders, status: OrderStatus | null, tag: string | null) =>
  withSymbol(orders.where(sql<boolean>`(${status}::int is null or status = ${status}::int)`), tag),
);

export interface OrderFilter {
  status?: OrderStatus;
  tag?: string;
  offset: number;
  limit: number;
}

/**
 * A page of the user's orders of one status and one symbol when given, how many there are, and whether any order is
 * due, in one query: a stock's screen asks on every load (its open orders, docs/decisions/0531).
 */
export const ordersPageAndDue = (db: Executor, userId: number, filter: OrderFilter, now: Date) =>
  recordsPage(db, userId, filter, now, filter.status ?? null, filter.tag ?? null);

const lotsPage = pageOfOrdersAndDue((orders, markets: readonly MarketCode[] | null, tag: string | null) =>
  withSymbol(
    orders
      .where("state", "=", "buy")
      .where("status", "=", 1)
      .where("remaining", ">", 0)
      .where(sql<boolean>`(${markets}::text[] is null or market = any(${markets}::text[]))`),
    tag,
  ),
);

export interface LotFilter {
  markets?: MarketCode[];
  tag?: string;
  offset: number;
  limit: number;
}

/**
 * A page of the user's open lots (filled buys with shares left), how many there are, and whether any order is due, in
 * one query: the positions poll asks every few seconds (docs/decisions/0323).
 */
export const lotsPageAndDue = (db: Executor, userId: number, filter: LotFilter, now: Date) =>
  lotsPage(db, userId, filter, now, filter.markets ?? null, filter.tag ?? null);

/**
 * Shares held per symbol (lots' remaining plus shares reserved by pending sells), the wallet money held elsewhere
 * (pending buys, pending IPO applications, active fund investments, withdrawals in progress; docs/product.md#wallet),
 * and whether any of the customer's orders is due for settlement, in one query (the account screen asks every 3 s).
 */
export async function holdingsAndDue(db: Executor, userId: number, now: Date) {
  const found = await holdingsAndDueQuery(db, userId, now);
  const first = found[0];
  return {
    shares: found.flatMap((r) => (r.tag === null ? [] : [{ tag: r.tag, shares: Number(r.shares) }])),
    holds: {
      orders: String(first.orders_held),
      ipo: String(first.ipo_held),
      funds: String(first.funds_held),
      withdrawals: String(first.withdrawals_held),
    },
    due: Boolean(first.due),
  };
}

/** The query of holdingsAndDue, compiled once (the account and balance polls run it every 3 s). */
const holdingsAndDueQuery = compiledOnce((db: Executor, userId: number, now: Date) => {
  const sum = (column: string) => sql<string>`coalesce(sum(${sql.ref(column)}), 0)::numeric(20,2)::text`;
  const head = db
    .selectNoFrom((eb) => [
      eb.exists(dueOf(db, now, userId).select("id")).as("due"),
      db
        .selectFrom("orders")
        .select(sum("held").as("held"))
        .where("user_id", "=", userId)
        .where("status", "=", 0)
        .as("orders_held"),
      db
        .selectFrom("ipo_applications")
        .select(sum("wallet_amount").as("held"))
        .where("user_id", "=", userId)
        .where("status", "=", 1)
        .as("ipo_held"),
      db
        .selectFrom("fund_orders")
        .select(sum("amount").as("held"))
        .where("user_id", "=", userId)
        .where("status", "=", "active")
        .as("funds_held"),
      db
        .selectFrom("transfers")
        .select(sum("amount").as("held"))
        .where("user_id", "=", userId)
        .where("kind", "=", "withdraw")
        .where("state", "=", "pending")
        .as("withdrawals_held"),
    ])
    .as("head");
  const shares = db
    .selectFrom("orders")
    .select(["tag", sql<string>`sum(case when state = 'buy' then remaining else count end)::text`.as("shares")])
    .where("user_id", "=", userId)
    .where((eb) =>
      eb.or([
        eb.and([eb("state", "=", "buy"), eb("status", "=", 1), eb("remaining", ">", 0)]),
        eb.and([eb("state", "=", "sell"), eb("status", "=", 0)]),
      ]),
    )
    .groupBy("tag");
  return db
    .selectFrom(head)
    .leftJoin(shares.as("s"), (join) => join.onTrue())
    .select([
      "s.tag",
      "s.shares",
      "head.due",
      "head.orders_held",
      "head.ipo_held",
      "head.funds_held",
      "head.withdrawals_held",
    ])
    .orderBy("s.tag");
});

// ---- the tick loop (services/trading.ts `tick`) ----------------------------------------------------------------

/** Symbols with open limit, stop or stop-limit orders (the partial index orders_open_conditional_idx). */
export async function openConditionalTags(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom("orders")
    .select("tag")
    .distinct()
    .where("status", "=", 0)
    .where("order_type", "<>", "market")
    .execute();
  return rows.map((r) => r.tag);
}

/**
 * Open limit, stop and stop-limit orders that the prices (`tags[i]` at `prices[i]`, decimal strings) fill or trigger
 * at `now`, oldest first: what services/order-rules.ts `judge` says, narrowed in SQL so the loop reads only these
 * (each is judged again under its lock).
 */
export async function crossingOrders(db: Executor, tags: string[], prices: string[], now: Date) {
  if (tags.length === 0) return [];
  const { rows } = await sql<{ id: number; user_id: number; tag: string }>`
    select o.id, o.user_id, o.tag
    from orders o
    join unnest(${tags}::text[], ${prices}::numeric[]) as q(tag, price) on q.tag = o.tag
    where o.status = 0 and o.order_type <> 'market' and o.opens_at <= ${now}
      and (o.expires_at is null or o.expires_at > ${now})
      and (
        ((o.order_type = 'limit' or (o.order_type = 'stop_limit' and o.triggered_at is not null))
          and ((o.state = 'buy' and q.price <= o.limit_price) or (o.state = 'sell' and q.price >= o.limit_price)))
        or (o.order_type in ('stop', 'stop_limit') and o.triggered_at is null
          and ((o.state = 'buy' and q.price >= o.trigger_price) or (o.state = 'sell' and q.price <= o.trigger_price)))
      )
    order by o.id`.execute(db);
  return rows;
}

/** Open limit, stop and stop-limit orders whose validity has ended at `now`, oldest first. */
export const expiredConditionalOrders = (db: Executor, now: Date, limit = 1000) =>
  db
    .selectFrom("orders")
    .select(["id", "user_id"])
    .where("status", "=", 0)
    .where("order_type", "<>", "market")
    .where("expires_at", "<=", now)
    .orderBy("expires_at")
    .limit(limit)
    .execute();

/** The columns the portfolio's lots and the trades statement read from a filled order (services/portfolio.ts). */
export type FilledTrade = Pick<
  OrderRow,
  | "id"
  | "no"
  | "tag"
  | "name"
  | "market"
  | "state"
  | "count"
  | "price"
  | "sell_price"
  | "fee"
  | "amount"
  | "filled_at"
  | "wallet_fee"
  | "wallet_amount"
  | "wallet_price_all"
  | "price_all"
  | "fx_rate"
  | "order_type"
>;

/**
 * The user's filled orders, oldest fill first (ties by id), up to `until` (exclusive) when given. Compiled once: the
 * positions of /trade and /account read it with their totals on every page (docs/decisions/0480).
 */
export const filledTrades = (db: Executor, userId: number, until?: Date): Promise<FilledTrade[]> =>
  filledTradesQuery(db, userId, until ?? null);

const filledTradesQuery = compiledOnce((db: Executor, userId: number, until: Date | null) =>
  db
    .selectFrom("orders")
    .select([
      "id",
      "no",
      "tag",
      "name",
      "market",
      "state",
      "count",
      "price",
      "sell_price",
      "fee",
      "amount",
      "filled_at",
      "wallet_fee",
      "wallet_amount",
      "wallet_price_all",
      "price_all",
      "fx_rate",
      "order_type",
    ])
    .where("user_id", "=", userId)
    .where("status", "=", 1)
    .where(sql<boolean>`(${until}::timestamptz is null or filled_at < ${until}::timestamptz)`)
    .orderBy("filled_at")
    .orderBy("id"),
);

/**
 * The user's orders that ended in [from, to) – filled at `filled_at`, cancelled or expired at `closed_at` – a keyset
 * page of them by order id (`keysetPageOf`; the trades statement). Pending orders have not landed yet and are left out.
 */
export const endedOrdersBetween = (db: Executor, userId: number, range: { from: Date; to: Date }, page: KeysetPage) =>
  keysetPageOf(
    db
      .selectFrom("orders")
      .selectAll()
      .where("user_id", "=", userId)
      .where("status", "<>", 0)
      .where(sql<Date>`coalesce(filled_at, closed_at, created_at)`, ">=", range.from)
      .where(sql<Date>`coalesce(filled_at, closed_at, created_at)`, "<", range.to),
    page,
  );
