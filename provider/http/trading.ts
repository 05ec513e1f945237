import { Hono } from "hono";
import { z } from "zod";

import { requireAuth } from "./auth";
import { limitParam, ok, pageParam, quantityParam, readBody, readQuery, type Env, type Services } from "./context";
import { emptyToUndefined, keyedBody, optionalIdempotencyKey, userId } from "./fields";
import { stockMarkets } from "../config";
import type { MarketCode } from "../db/tables/instruments";

const orderNo = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().min(1).max(40));
const POSITION_MARKETS = ["IN", "MX", "US", "STOCK", "FOREX", "FUTURE", "CGI"] as const;
const MARKETS = ["IN", "MX", "US", "FOREX", "FUTURE", "CGI"] as const;
/** Side, kind and market are exact (docs/decisions/0061): never trimmed, re-cased or defaulted from "" or null. */
const exactly = <T extends string>(value: T, message: string) => z.literal(value, { errorMap: () => ({ message }) });
const marketField = z.enum(MARKETS, {
  errorMap: () => ({ message: `type is the symbol's market: ${MARKETS.join(", ")}` }),
});

// Built once, not per request: building a zod schema costs more than running it, and the positions poll runs
// every few seconds per customer (docs/decisions/0326-provider-schemas-built-once.md).
const orderBody = keyedBody({
  tag: z.string().trim().min(1).max(32),
  count: quantityParam(),
  state: exactly("buy", 'state must be "buy" (a sell names its position at /deal/sell)'),
  mold: exactly("stock", 'mold must be "stock"'),
  type: marketField.optional(),
});
const sellBody = keyedBody({
  no: orderNo,
  count: quantityParam().optional(),
  state: exactly("sell", 'state must be "sell" when sent').optional(),
  mold: exactly("stock", 'mold must be "stock" when sent').optional(),
  type: marketField.optional(),
});
const cancelBody = z.object({ no: orderNo, idempotency_key: optionalIdempotencyKey });
const positionsQuery = z.object({
  market: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() || undefined : v),
    z.enum(POSITION_MARKETS).optional(),
  ),
  tag: z.preprocess(emptyToUndefined, z.string().trim().max(32).optional()),
  page: pageParam,
  limit: limitParam(100, 10),
});
const recordsQuery = z.object({
  type: z.enum(["all", "pending", "success", "cancelled", "expired"]).default("all"),
  page: pageParam,
  limit: limitParam(100, 10),
});

export function tradingRoutes(s: Services) {
  const app = new Hono<Env>();
  const auth = requireAuth(s);

  app.post("/stock/success/deal/order", auth, async (c) => {
    const { type, ...order } = await readBody(c, orderBody);
    return ok(c, await s.trading.placeOrder(userId(c), { ...order, market: type }));
  });

  app.post("/stock/success/deal/sell", auth, async (c) => {
    const body = await readBody(c, sellBody);
    return ok(
      c,
      await s.trading.sell(userId(c), {
        no: body.no,
        count: body.count,
        market: body.type,
        idempotencyKey: body.idempotencyKey,
      }),
    );
  });

  app.post("/stock/success/deal/cancel", auth, async (c) => {
    const body = await readBody(c, cancelBody);
    return ok(c, await s.trading.cancel(userId(c), { no: body.no, idempotencyKey: body.idempotency_key }));
  });

  app.get("/stock/success/deal/positions", auth, async (c) => {
    const q = readQuery(c, positionsQuery);
    const markets: MarketCode[] | undefined =
      q.market === undefined ? undefined : q.market === "STOCK" ? stockMarkets(s.deployment) : [q.market];
    return ok(c, await s.trading.positions(userId(c), { markets, tag: q.tag, page: q.page, limit: q.limit }));
  });

  app.get("/stock/success/v2/transaction", auth, async (c) => {
    const q = readQuery(c, recordsQuery);
    return ok(c, await s.trading.records(userId(c), q));
  });

  return app;
}
