import { Hono } from "hono";
import { z } from "zod";

import { requireAuth } from "./auth";
import { limitParam, ok, pageParam, quantityParam, readBody, readQuery, type Env, type Services } from "./context";
import { emptyToUndefined, keyedBody, optionalIdempotencyKey, priceString, userId } from "./fields";
import { stockMarkets } from "../config";
import { sectionRoutes, type RouteContract } from "./contract";
import type { MarketCode } from "../db/tables/instruments";
import type { OrderType, OrderValidity } from "../db/tables/orders";
import type { TermsInput } from "../services/order-rules";
import { MAX_STATEMENT_PAGE } from "../services/statements";

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

/** Order kind fields (docs/decisions/0360-order-type-field.md): `type` stays the market. */
const orderTerms = {
  order_type: z
    .enum(["market", "limit", "stop", "stop_limit"], {
      errorMap: () => ({ message: "order_type is market, limit, stop or stop_limit" }),
    })
    .optional(),
  limit_price: priceString.optional(),
  trigger_price: priceString.optional(),
  validity: z.enum(["day", "gtc"], { errorMap: () => ({ message: "validity is day or gtc" }) }).optional(),
};
type TermFields = { order_type?: OrderType; limit_price?: string; trigger_price?: string; validity?: OrderValidity };
const termsOf = (b: TermFields) => ({
  orderType: b.order_type,
  limitPrice: b.limit_price,
  triggerPrice: b.trigger_price,
  validity: b.validity,
});
/** What a buy, a sell and a preview all say: how many, the symbol's market, the order's kind. */
type OrderFields = TermFields & { count?: number; type?: (typeof MARKETS)[number] };
const orderSays = <B extends OrderFields>(b: B): { count: B["count"]; market: B["type"]; terms: TermsInput } => ({
  count: b.count,
  market: b.type,
  terms: termsOf(b),
});

// Built once, not per request: building a zod schema costs more than running it, and the positions poll runs
// every few seconds per customer (docs/decisions/0326-provider-schemas-built-once.md).
const buyFields = {
  tag: z.string().trim().min(1).max(32),
  count: quantityParam(),
  state: exactly("buy", 'state must be "buy" (a sell names its position at /deal/sell)'),
  mold: exactly("stock", 'mold must be "stock"'),
  type: marketField.optional(),
  ...orderTerms,
};
const sellFields = {
  no: orderNo,
  count: quantityParam().optional(),
  state: exactly("sell", 'state must be "sell" when sent').optional(),
  mold: exactly("stock", 'mold must be "stock" when sent').optional(),
  type: marketField.optional(),
  ...orderTerms,
};
const orderBody = keyedBody(buyFields);
const sellBody = keyedBody(sellFields);
const cancelBody = z.object({ no: orderNo, idempotency_key: optionalIdempotencyKey });
const modifyBody = keyedBody({
  no: orderNo,
  count: quantityParam().optional(),
  limit_price: priceString.optional(),
  trigger_price: priceString.optional(),
  validity: orderTerms.validity,
}).refine(
  (b) =>
    b.count !== undefined || b.limit_price !== undefined || b.trigger_price !== undefined || b.validity !== undefined,
  { message: "say what to change: count, limit_price, trigger_price or validity" },
);
/** A preview names its side: a buy by symbol, a sell by position (no idempotency key: it writes nothing). */
const previewBody = z.discriminatedUnion("state", [
  z.object({ ...buyFields, state: z.literal("buy"), mold: sellFields.mold }),
  z.object({ ...sellFields, state: z.literal("sell") }),
]);
const rulesQuery = z.object({ tag: z.string().trim().min(1).max(32) });
const positionsQuery = z.object({
  market: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() || undefined : v),
    z.enum(POSITION_MARKETS).optional(),
  ),
  tag: z.preprocess(emptyToUndefined, z.string().trim().max(32).optional()),
  page: pageParam,
  limit: limitParam(100, 10),
  /** `1`: the portfolio's totals too (docs/decisions/0480). */
  totals: z.enum(["0", "1"]).optional(),
});
const recordsQuery = z.object({
  type: z.enum(["all", "pending", "success", "cancelled", "expired"]).default("all"),
  tag: z.preprocess(emptyToUndefined, z.string().trim().max(32).optional()),
  page: pageParam,
  limit: limitParam(100, 10),
  /** `1` with `tag`: the customer's price alerts on that symbol too (docs/decisions/0531). */
  alerts: z.enum(["0", "1"]).optional(),
});

/** The alerts that come with a stock's open orders (`alerts=1`): the rows of `alert/list?status=all&tag=…&limit=20`. */
const ALERTS_WITH_ORDERS = { status: "all", page: 1, limit: 20 } as const;

const statementDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "a date YYYY-MM-DD");
const statementQuery = z.object({
  from: statementDate,
  to: statementDate,
  after: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(2_147_483_647).default(0)),
  limit: limitParam(MAX_STATEMENT_PAGE, 500),
});
const valuesQuery = z.object({
  range: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() || undefined : v),
    z.enum(["1W", "1M", "3M", "1Y", "ALL"]).default("1M"),
  ),
});
const taxQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100) });

export function tradingRoutes(s: Services) {
  const app = new Hono<Env>();
  const auth = requireAuth(s);

  app.post("/stock/success/deal/order", auth, async (c) => {
    const body = await readBody(c, orderBody);
    const { tag, mold, state, idempotencyKey } = body;
    return ok(c, await s.trading.placeOrder(userId(c), { ...orderSays(body), tag, mold, state, idempotencyKey }));
  });

  app.post("/stock/success/deal/sell", auth, async (c) => {
    const body = await readBody(c, sellBody);
    return ok(
      c,
      await s.trading.sell(userId(c), { ...orderSays(body), no: body.no, idempotencyKey: body.idempotencyKey }),
    );
  });

  app.post("/stock/success/deal/modify", auth, async (c) => {
    const body = await readBody(c, modifyBody);
    return ok(
      c,
      await s.trading.modify(userId(c), {
        no: body.no,
        count: body.count,
        limitPrice: body.limit_price,
        triggerPrice: body.trigger_price,
        validity: body.validity,
        idempotencyKey: body.idempotencyKey,
      }),
    );
  });

  app.post("/stock/success/deal/preview", auth, async (c) => {
    const body = await readBody(c, previewBody);
    return ok(
      c,
      await s.trading.preview(
        userId(c),
        body.state === "buy"
          ? { ...orderSays(body), state: "buy", tag: body.tag }
          : { ...orderSays(body), state: "sell", no: body.no },
      ),
    );
  });

  app.get("/stock/success/deal/rules", auth, async (c) => {
    const q = readQuery(c, rulesQuery);
    return ok(c, await s.trading.rules(q.tag));
  });

  app.post("/stock/success/deal/cancel", auth, async (c) => {
    const body = await readBody(c, cancelBody);
    return ok(c, await s.trading.cancel(userId(c), { no: body.no, idempotencyKey: body.idempotency_key }));
  });

  app.get("/stock/success/deal/positions", auth, async (c) => {
    const q = readQuery(c, positionsQuery);
    const markets: MarketCode[] | undefined =
      q.market === undefined ? undefined : q.market === "STOCK" ? stockMarkets(s.deployment) : [q.market];
    const filter = { markets, tag: q.tag, page: q.page, limit: q.limit };
    return ok(
      c,
      q.totals === "1"
        ? await s.portfolio.positionsWithTotals(userId(c), filter)
        : await s.trading.positions(userId(c), filter),
    );
  });

  app.get("/stock/success/deal/portfolio", auth, async (c) => ok(c, await s.portfolio.portfolio(userId(c))));
  app.get("/stock/success/deal/portfolio/values", auth, async (c) =>
    ok(c, await s.portfolio.values(userId(c), readQuery(c, valuesQuery).range)),
  );
  app.get("/stock/success/statement/account", auth, async (c) =>
    ok(c, await s.statements.account(userId(c), readQuery(c, statementQuery))),
  );
  app.get("/stock/success/statement/trades", auth, async (c) =>
    ok(c, await s.statements.trades(userId(c), readQuery(c, statementQuery))),
  );
  app.get("/stock/success/statement/tax", auth, async (c) =>
    ok(c, await s.statements.tax(userId(c), readQuery(c, taxQuery))),
  );

  app.get("/stock/success/v2/transaction", auth, async (c) => {
    const q = readQuery(c, recordsQuery);
    if (q.alerts !== "1" || !q.tag) return ok(c, await s.trading.records(userId(c), q));
    // A stock's screen shows its open orders and its alerts: one call for both.
    const [records, alerts] = await Promise.all([
      s.trading.records(userId(c), q),
      s.priceAlerts.page(userId(c), { ...ALERTS_WITH_ORDERS, tag: q.tag }),
    ]);
    return ok(c, { ...records, alerts });
  });

  return app;
}

/** This module's routes and the schemas they read, for the OpenAPI document (http/openapi.ts). */
const tradingRoute = sectionRoutes("Trading (auth)");
export const tradingContract: RouteContract[] = [
  tradingRoute("post", "/stock/success/deal/order", "Buy: a market, limit, stop-loss or stop-limit order", {
    body: orderBody,
  }),
  tradingRoute("post", "/stock/success/deal/sell", "Sell from a position: any order type", { body: sellBody }),
  tradingRoute("post", "/stock/success/deal/modify", "Change an open limit or stop order", { body: modifyBody }),
  tradingRoute("post", "/stock/success/deal/preview", "What an order would do now (nothing written)", {
    body: previewBody,
  }),
  tradingRoute("get", "/stock/success/deal/rules", "A symbol's order rules: tick, validities", { query: rulesQuery }),
  tradingRoute("post", "/stock/success/deal/cancel", "Cancel a pending order", { body: cancelBody }),
  tradingRoute("get", "/stock/success/deal/positions", "Open positions", { query: positionsQuery }),
  tradingRoute("get", "/stock/success/deal/portfolio", "Holdings, profit and loss (lots first in, first out)", {}),
  tradingRoute("get", "/stock/success/deal/portfolio/values", "The portfolio's value at each day's close", {
    query: valuesQuery,
  }),
  tradingRoute("get", "/stock/success/statement/account", "Account statement: bills of a period, paged by id", {
    query: statementQuery,
  }),
  tradingRoute("get", "/stock/success/statement/trades", "Trades statement: orders ended in a period, paged by id", {
    query: statementQuery,
  }),
  tradingRoute("get", "/stock/success/statement/tax", "Tax report: realised gains of a financial year", {
    query: taxQuery,
  }),
  tradingRoute("get", "/stock/success/v2/transaction", "Order records by status (and symbol)", { query: recordsQuery }),
];
