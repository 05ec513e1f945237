/**
 * `DATABASE_URL=postgres://… npx tsx bench/ticks.ts [ticks] [orders] [alerts]`: the cost of the provider's market tick
 * (docs/decisions/0362: operator price paths read, open limit/stop orders and active price alerts judged) with
 * `orders` open limit and stop orders (default 10,000) and `alerts` active price alerts (default 10,000) from 1,000
 * customers over every Indian and US stock, none of them crossed: the steady state, paid every second by every
 * provider. Then one tick that crosses 100 of the orders and 100 of the alerts. Prints per tick p50, p99, this
 * process's CPU and the SQL statements sent. Runs on PGlite without DATABASE_URL.
 *
 * The rows are written straight into the tables (10,000 orders through the order route would take minutes and
 * measure the route, which bench/orders.ts does).
 */
import { sql } from "kysely";

import { countStatements } from "./lib/statements";
import { createTestProvider, newTrader } from "../provider/testing";

const [ticks = 30, orderCount = 10_000, alertCount = 10_000] = process.argv.slice(2).map(Number);
const AT = new Date("2026-11-20T09:15:00Z"); // every market open (provider/tests/trading.test.ts)
const p = await createTestProvider({ now: () => AT });

const symbols = p.market.list({ markets: ["IN", "US"], offset: 0, limit: 1000 }).rows.map((i) => i.symbol);
const priceOf = (symbol: string) => p.market.quote(symbol, AT)!.price;
/** A price `share` of the current one, on a 0.05 step (valid for IN and US alike). */
const away = (symbol: string, share: number) => (Math.round((priceOf(symbol) * share) / 0.05) * 0.05).toFixed(2);

const customers: number[] = [];
for (let i = 0; i < 1_000; i++) customers.push((await newTrader(p, "100000000.00")).id);

const started = Date.now();
const orderRows = Array.from({ length: orderCount }, (_, i) => {
  const tag = symbols[i % symbols.length];
  const stop = i % 3 === 2; // a third are stop-loss buys far above the price, the rest limit buys far below
  const price = stop ? away(tag, 1.8) : away(tag, 0.5);
  return {
    no: `bench${String(i).padStart(10, "0")}`,
    user_id: customers[i % customers.length],
    tag,
    name: tag,
    market: p.market.find(tag)!.market,
    mold: "stock",
    state: "buy" as const,
    count: 1,
    price,
    sell_price: null,
    price_all: price,
    fee: "0.00",
    amount: price,
    profit: null,
    held: price,
    status: 0 as const,
    created_at: AT,
    opens_at: AT,
    expires_at: new Date(AT.getTime() + 90 * 86_400_000),
    order_type: stop ? ("stop" as const) : ("limit" as const),
    limit_price: stop ? null : price,
    trigger_price: stop ? price : null,
    validity: "gtc" as const,
  };
});
for (let i = 0; i < orderRows.length; i += 1_000)
  await p.db
    .insertInto("orders")
    .values(orderRows.slice(i, i + 1_000))
    .execute();
const alertRows = Array.from({ length: alertCount }, (_, i) => {
  const tag = symbols[(i * 7) % symbols.length];
  return {
    user_id: customers[i % customers.length],
    tag,
    condition: i % 2 ? ("above" as const) : ("below" as const),
    price: i % 2 ? away(tag, 1.5) : away(tag, 0.6),
    percent: null,
    status: "active" as const,
    created_at: AT,
    updated_at: AT,
  };
});
for (let i = 0; i < alertRows.length; i += 1_000)
  await p.db
    .insertInto("price_alerts")
    .values(alertRows.slice(i, i + 1_000))
    .execute();
await sql`analyze`.execute(p.db);
console.log(
  `${p.kind}: ${orderCount} open orders, ${alertCount} alerts on ${symbols.length} symbols, written in ${Date.now() - started} ms`,
);

const statements = countStatements();

for (let i = 0; i < 3; i++) await p.ticks.run(); // warm
const times: number[] = [];
statements.reset();
const cpu = process.cpuUsage();
for (let i = 0; i < ticks; i++) {
  const t = performance.now();
  const tick = await p.ticks.run();
  times.push(performance.now() - t);
  if (tick.orders.filled + tick.orders.expired + tick.alerts > 0)
    throw new Error(`a quiet tick changed something: ${JSON.stringify(tick)}`);
}
const used = process.cpuUsage(cpu);
const perTick = statements.count / ticks;
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
console.log(
  `quiet tick: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, ${((used.user + used.system) / ticks / 1000).toFixed(1)} ms CPU ` +
    `in this process, ${p.kind === "postgres" ? `${perTick} SQL statements` : "(statements counted on PostgreSQL only)"} per tick`,
);

// One symbol moves: its limit orders below 0.5 and its alerts below 0.6 are crossed (100 of each at most).
const mover = symbols[0];
const crossedOrders = orderRows.filter((o) => o.tag === mover && o.order_type === "limit").slice(0, 100);
await p.db
  .updateTable("orders")
  .set({ limit_price: "1000000.00", held: "100000000.00" })
  .where(
    "no",
    "in",
    crossedOrders.map((o) => o.no),
  )
  .execute();
await p.db
  .updateTable("price_alerts")
  .set({ price: "1000000" })
  .where("tag", "=", mover)
  .where("condition", "=", "below")
  .execute();
statements.reset();
const t = performance.now();
const moved = await p.ticks.run();
console.log(
  `tick crossing ${moved.orders.filled} orders and ${moved.alerts} alerts: ${(performance.now() - t).toFixed(1)} ms` +
    (p.kind === "postgres" ? `, ${statements.count} SQL statements` : ""),
);
if (moved.orders.filled !== crossedOrders.length)
  throw new Error(`filled ${moved.orders.filled}, expected ${crossedOrders.length}`);
statements.stop();
await p.close();
