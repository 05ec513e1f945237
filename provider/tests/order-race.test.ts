import { randomBytes } from "node:crypto";

import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { runOnServer } from "./helpers";
import { startInstance, stopInstance, type Instance } from "./spawned-instance";

/*
 * Two provider processes on one PostgreSQL schema, each running its tick loop every 25 ms (docs/decisions/0362): the
 * operator moves the price through one of them, and the customer cancels the same orders through both: half as the
 * price moves, half as soon as the first of them has filled. Each order ends once – filled by one tick or cancelled by
 * one request – and whoever comes second is told plainly (`order_not_pending`); every order's bills are its hold and
 * its release, plus its cost when it filled, and the ledger reconciles. Rounds repeat until both outcomes have been
 * seen (at most 6). A price alert both providers watch fires once.
 */

const databaseUrl = process.env.DATABASE_URL;
const DEMO = { user: "9876543210", password: "demo1234" };
const SYMBOL = "RELIANCE.NS";

describe.skipIf(!databaseUrl)("two providers racing a cancel and a fill", () => {
  const schema = `t_race_${randomBytes(4).toString("hex")}`;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    await runOnServer(databaseUrl!, `create schema ${schema}`);
    a = await startInstance(schema, false, { INSTANCE_TICK_MS: "25" });
    b = await startInstance(schema, true, { INSTANCE_TICK_MS: "25" });
  }, 90_000);

  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await runOnServer(databaseUrl!, `drop schema if exists ${schema} cascade`);
  }, 30_000);

  it(
    "each order is filled or cancelled once; the loser is refused plainly; the ledger reconciles",
    { timeout: 180_000 },
    async () => {
      const token = (await a.call("/api/stock/user/login", { body: DEMO })).body.data.token as string;
      const setPrice = async (price: string) =>
        expect(
          (await a.call("/api/operator/price", { operator: true, body: { symbol: SYMBOL, prices: [price] } })).body.msg,
        ).toBe("ok");
      const priceOn = async (on: Instance) =>
        (await on.call(`/api/v2/quotes?symbols=${SYMBOL}`)).body.data.rows[0].price as number;
      const filledOf = async (nos: string[]) =>
        (await a.call("/api/stock/success/v2/transaction?type=success&limit=100", { token })).body.data.rows.some(
          (r: any) => nos.includes(r.no),
        ) as boolean;
      const pendingCount = async (on: Instance) =>
        (await on.call("/api/stock/success/v2/transaction?type=pending", { token })).body.data.count as number;
      let keys = 0;
      const key = () => `race-${schema}-${++keys}`;
      const seen = { filled: 0, cancelled: 0 };
      const ended = new Map<string, "filled" | "cancelled">();
      const bothServe = async (price: number) => {
        for (const on of [a, b])
          for (let waited = 0; (await priceOn(on)) !== price; waited += 20) {
            expect(waited).toBeLessThan(10_000);
            await new Promise((r) => setTimeout(r, 20));
          }
      };
      // A price alert both providers watch: the first move under 2400 fires it, once.
      await setPrice("2450");
      await bothServe(2450);
      const alert = (
        await b.call("/api/stock/success/alert/add", {
          token,
          body: { tag: SYMBOL, condition: "below", price: "2400" },
        })
      ).body.data;
      expect(alert).toMatchObject({ status: "active" });

      for (let round = 0; round < 6 && (seen.filled === 0 || seen.cancelled === 0); round++) {
        await setPrice("2450");
        // Both serve it (the other one reads it at its next tick) before the orders are placed.
        await bothServe(2450);
        const orders: string[] = [];
        for (let i = 0; i < 10; i++) {
          const placed = await (i % 2 ? a : b).call("/api/stock/success/deal/order", {
            token,
            body: {
              tag: SYMBOL,
              count: 1,
              mold: "stock",
              state: "buy",
              order_type: "limit",
              limit_price: "2400",
              idempotency_key: key(),
            },
          });
          expect(placed.body.data).toMatchObject({ status: 0, held: "2400.72" });
          orders.push(placed.body.data.no);
        }
        const cancel = (no: string, i: number) =>
          (i % 2 ? a : b).call("/api/stock/success/deal/cancel", { token, body: { no, idempotency_key: key() } });
        // The first half is cancelled as the price moves (these race the first tick after the move); the second half
        // as soon as one order of the round has filled (these race the ticks filling the rest).
        const moved = setPrice("2390");
        const early = Promise.all(orders.slice(0, 5).map((no, i) => cancel(no, i)));
        await moved;
        for (let waited = 0; !(await filledOf(orders)); waited += 10) {
          expect(waited).toBeLessThan(10_000);
          await new Promise((r) => setTimeout(r, 10));
        }
        const late = Promise.all(orders.slice(5).map((no, i) => cancel(no, i + 5)));
        const cancels = [...(await early), ...(await late)];
        for (let waited = 0; (await pendingCount(b)) > 0; waited += 50) {
          expect(waited).toBeLessThan(10_000);
          await new Promise((r) => setTimeout(r, 50));
        }
        const rows = new Map<string, any>(
          (await a.call("/api/stock/success/v2/transaction?limit=100", { token })).body.data.rows.map((r: any) => [
            r.no,
            r,
          ]),
        );
        orders.forEach((no, i) => {
          const reply = cancels[i].body;
          const row = rows.get(no);
          if (reply.msg === "ok") {
            expect(row).toMatchObject({ status: 2, reason: "cancelled_by_user" });
            seen.cancelled++;
            ended.set(no, "cancelled");
          } else {
            expect(reply).toEqual({
              msg: "no",
              data: { code: "order_not_pending", message: "only pending orders can be cancelled", field: "no" },
            });
            expect(row).toMatchObject({ status: 1, price: 2390, amount: "2390.72", reason: "filled" });
            seen.filled++;
            ended.set(no, "filled");
          }
        });
      }
      console.log(`[order-race] ${seen.filled} filled, ${seen.cancelled} cancelled, over ${ended.size} orders`);
      expect(seen.filled).toBeGreaterThan(0);
      expect(seen.cancelled).toBeGreaterThan(0);
      // The alert fired in a tick's second step (after its orders): wait for it, then for a few more ticks of both.
      const fired = async () =>
        (await a.call("/api/stock/success/user_message/list-message?limit=100", { token })).body.data.rows
          .filter((m: any) => m.alert?.code === "price_alert")
          .map((m: any) => [m.alert.params.id, m.alert.params.current_price]);
      for (let waited = 0; (await fired()).length === 0; waited += 20) {
        expect(waited).toBeLessThan(10_000);
        await new Promise((r) => setTimeout(r, 20));
      }
      await new Promise((r) => setTimeout(r, 500));
      expect(await fired()).toEqual([[String(alert.id), "2390.00"]]);

      // Every order's bills: the hold and its release, and the cost of a fill; the balance is the sum of all bills.
      const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
      await client.connect();
      try {
        const { rows: bills } = await client.query(
          `select b.ref_id, array_agg(b.type || ' ' || b.amount order by b.id) as lines from bills b
         join users u on u.id = b.user_id where u.phone = $1 and b.kind = 'order' group by b.ref_id`,
          [DEMO.user],
        );
        const byOrder = new Map(bills.map((r) => [r.ref_id as string, r.lines as string[]]));
        for (const [no, how] of ended)
          expect(byOrder.get(no), no).toEqual(
            how === "filled"
              ? ["expense 2400.72", "income 2400.72", "expense 2390.72"]
              : ["expense 2400.72", "income 2400.72"],
          );
        const { rows: ledger } = await client.query(
          `select u.money::text as money,
                (select coalesce(sum(case when type = 'income' then amount else -amount end), 0)::numeric(20,2)::text
                 from bills where user_id = u.id) as bills
         from users u where u.phone = $1`,
          [DEMO.user],
        );
        expect(ledger[0].bills).toBe(ledger[0].money);
      } finally {
        await client.end();
      }
    },
  );
});
