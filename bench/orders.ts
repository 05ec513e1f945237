/**
 * `DATABASE_URL=postgres://… npx tsx bench/orders.ts [seconds] [concurrency]`: buy orders placed through the
 * provider's own route in process (a real provider on PostgreSQL, or PGlite without DATABASE_URL), `concurrency`
 * customers at once, each placing orders back to back for `seconds`. Prints orders per second, p50 and p99 of an
 * order, this process's CPU per order (the app's and the provider's work, not the wait for the database) and the SQL
 * statements one order sends (docs/decisions/0327-money-moved-in-one-statement.md).
 *
 * To compare two trees, run each tree's own copy of this file in turn, A B A B (docs/performance.md, "How to
 * measure"): one process per run, each on its own schema.
 */

import { countStatements } from "./lib/statements";
import { createTestProvider, newTrader } from "../provider/testing";

const [seconds = 10, concurrency = 20] = process.argv.slice(2).map(Number);
// Every market of the demo deployment is open at this instant (provider/tests/trading.test.ts).
const AT = new Date("2026-11-20T09:15:00Z");
const p = await createTestProvider({ now: () => AT });

let keys = 0;
async function order(token: string) {
  const reply = await p.call("/api/stock/success/deal/order", {
    token,
    body: { mold: "stock", state: "buy", tag: "AAPL", count: 1, idempotency_key: `bench-key-${++keys}` },
  });
  if ((reply.body as { msg: string }).msg !== "ok") throw new Error(JSON.stringify(reply.body));
}

const tokens: string[] = [];
for (let i = 0; i < concurrency; i++) tokens.push((await newTrader(p, "100000000.00")).token);

for (const token of tokens) await order(token);
// Statements of one order (a customer's second).
const statements = countStatements();
await order(tokens[0]);
const perOrder = statements.count;
statements.stop();

const latencies: number[] = [];
const cpu = process.cpuUsage();
const started = performance.now();
const until = started + seconds * 1000;
await Promise.all(
  tokens.map(async (token) => {
    while (performance.now() < until) {
      const t = performance.now();
      await order(token);
      latencies.push(performance.now() - t);
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
const used = process.cpuUsage(cpu);
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
console.log(
  `${p.kind}, ${concurrency} at once: ${(latencies.length / elapsed).toFixed(0)} orders/s, p50 ${at(0.5)} ms, ` +
    `p99 ${at(0.99)} ms, ${((used.user + used.system) / latencies.length).toFixed(0)} CPU µs per order, ` +
    `${perOrder} SQL statements per order`,
);
await p.close();
