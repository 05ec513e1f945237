import Decimal from "decimal.js";
import { Hono } from "hono";
import { z } from "zod";

import { requireAuth } from "./auth";
import {
  idParam,
  limitParam,
  ok,
  pageParam,
  quantityParam,
  readBody,
  readQuery,
  type Env,
  type Services,
} from "./context";
import { operatorRoute, sectionRoutes, type RouteContract } from "./contract";
import { customerPhone, emptyToUndefined, keyedBody, userId } from "./fields";
import { FUND_ORDER_STATUSES } from "../db/tables/fund-orders";
import { IPO_STATUSES } from "../db/tables/ipos";
import { invalidInput } from "../errors";
import { moneyString, parseMoney } from "../services/money";

/*
 * Block trades / QIP, IPOs and funds (docs/product.md#block-trading; docs/provider-api.md "Products"). Money in a request is a decimal
 * string, quantities digits or JSON integers, and every purchase carries an idempotency key.
 */

const mold = z.enum(["bulk", "finalize"], {
  errorMap: () => ({ message: 'mold is "bulk" (block trade) or "finalize" (QIP)' }),
});
const tag = z.string().trim().min(1).max(32);
/** A small whole number (a status code) as a JSON integer or a digit string; absent = `fallback`. */
const code = <T extends number>(allowed: readonly T[], fallback: T) =>
  z
    .any()
    .optional()
    .transform((value: unknown, ctx): T => {
      if (value === undefined) return fallback;
      const n =
        typeof value === "number" ? value : typeof value === "string" && /^[0-9]$/.test(value) ? Number(value) : NaN;
      if (!allowed.includes(n as T)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `one of ${allowed.join(", ")}` });
        return z.NEVER;
      }
      return n as T;
    });
/** A positive amount with at most 2 decimals, as a decimal string. */
const positiveMoney = () =>
  moneyString.transform((text, ctx) => {
    const value = parseMoney(text)!;
    if (!value.greaterThan(0)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'a positive amount such as "1000.00"' });
      return z.NEVER;
    }
    return value;
  });
/** An ISO-8601 date or date-time ("2026-11-25", "2026-11-25T09:15:00Z"). */
const date = z
  .string()
  .max(40)
  .regex(
    /^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/,
    "an ISO-8601 date such as 2026-11-25 or 2026-11-25T09:15:00Z",
  )
  .transform((text, ctx) => {
    const at = new Date(text);
    const [y, m, d] = text.slice(0, 10).split("-").map(Number);
    const day = new Date(Date.UTC(y, m - 1, d));
    // "2026-02-30" would roll over to March 2: refuse a day the month does not have.
    if (Number.isNaN(at.getTime()) || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "not a real date" });
      return z.NEVER;
    }
    return at;
  });
const percent = moneyString.refine((t) => !t.startsWith("-"), "a percentage such as 4.50");

// Built once: building a zod schema costs more than running it.
const blockTradeListBody = z.object({
  mold,
  code: z.preprocess(emptyToUndefined, z.string().trim().max(32).optional()),
  page: pageParam,
  limit: limitParam(100, 20),
});
const dealBuyBody = keyedBody({
  id: idParam,
  tag,
  count: quantityParam(),
  mold,
  stock_password: z.string().min(1, "the transaction password").max(64),
  // `price` (the offer's price is charged) and `url_count` are accepted and ignored.
});
const dealListBody = z.object({
  mold: z.enum(["bulk", "finalize", "ipo"], { errorMap: () => ({ message: "mold is bulk, finalize or ipo" }) }),
  status: code([0, 1, 2, 3] as const, 0),
  page: pageParam,
  limit: limitParam(100, 10),
});
const ipoListQuery = z.object({});
const ipoBuyBody = keyedBody({ id: idParam, tag, count: quantityParam() });
const ipoApplicationsQuery = z.object({
  type: z.enum(["applications", "sales"]).default("applications"),
  status: code([0, 1, 2, 3] as const, 0),
  page: pageParam,
  limit: limitParam(100, 10),
});
const fundListQuery = z.object({ page: pageParam, limit: limitParam(100, 10) });
const fundPurchaseBody = keyedBody({ project_id: idParam, amount: positiveMoney().optional() });
const fundOrdersQuery = z.object({
  status: z.enum(["all", ...FUND_ORDER_STATUSES]).default("all"),
  page: pageParam,
  limit: limitParam(100, 10),
});
/** The body of /stock/success/fund/cancel and the operator's /offers/close and /fund-orders/cancel. */
const idBody = z.object({ id: idParam });

// Operator routes (productOperatorRoutes).
const offerBody = z.object({
  mold,
  tag,
  price: positiveMoney(),
  min_count: quantityParam().optional(),
  opens_at: date.optional(),
  closes_at: date.optional(),
  rate_required: z.boolean().optional(),
  exchange_rate: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,6})?$/, "a rate such as 88.5")
    .optional(),
});
const offerRateBody = z.object({
  id: idParam,
  rate: z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, "a rate such as 88.5"),
});
const ipoBody = z.object({
  symbol: tag,
  company_name: z.string().trim().max(200).optional(),
  issue_price: positiveMoney(),
  min: quantityParam(),
  max: quantityParam(),
  issue_start_date: date,
  issue_end_date: date,
  status: z.enum(IPO_STATUSES).optional(),
});
const ipoStatusBody = z.object({ id: idParam, status: z.enum(IPO_STATUSES) });
const allotBody = z.object({ id: idParam, count: quantityParam() });
const fundBody = z.object({
  name: z.string().trim().min(1).max(200),
  min_return: percent,
  max_return: percent,
  investment_period: quantityParam(3650),
  amount: positiveMoney(),
  issue_amount: positiveMoney(),
});
const matureBody = z.object({}).strict();
const newsBody = z.object({
  title: z.string().trim().min(5, "a headline of 5 to 200 characters").max(200, "a headline of 5 to 200 characters"),
  subhead: z.string().max(500).optional(),
  img: z.string().max(500).optional(),
  content: z.string().min(1).max(60_000),
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,80}$/, "lower-case letters, digits and dashes")
    .optional(),
});
const chatReplyBody = z.object({ user: customerPhone, content: z.string().max(4000) });
const chatQuery = z.object({ user: customerPhone });

export function productRoutes(s: Services) {
  const app = new Hono<Env>();
  const auth = requireAuth(s);

  // ---- block trades and QIP -------------------------------------------------------------------------------

  app.post("/stock/success/stock/list", auth, async (c) => {
    const body = await readBody(c, blockTradeListBody);
    return ok(c, await s.blockTrades.list(body));
  });

  app.post("/stock/success/deal/buy", auth, async (c) => {
    const { stock_password, ...deal } = await readBody(c, dealBuyBody);
    return ok(c, await s.blockTrades.buy(userId(c), { ...deal, stockPassword: stock_password }));
  });

  app.post("/stock/success/deal/list", auth, async (c) => {
    const body = await readBody(c, dealListBody);
    if (body.mold === "ipo") return ok(c, await s.ipos.applications(userId(c), { type: "applications", ...body }));
    if (body.status === 3) throw invalidInput("status", "0 (all), 1 (success) or 2 (failed)");
    return ok(c, await s.blockTrades.deals(userId(c), { ...body, mold: body.mold, status: body.status }));
  });

  // ---- IPO ------------------------------------------------------------------------------------------------

  app.get("/client/ipo", async (c) => {
    readQuery(c, ipoListQuery);
    return ok(c, await s.ipos.list());
  });

  app.post("/stock/success/ipo/buy", auth, async (c) => {
    return ok(c, await s.ipos.apply(userId(c), await readBody(c, ipoBuyBody)));
  });

  app.get("/stock/success/ipo/list", auth, async (c) => {
    const q = readQuery(c, ipoApplicationsQuery);
    return ok(c, await s.ipos.applications(userId(c), q));
  });

  // ---- funds ----------------------------------------------------------------------------------------------

  app.get("/v2/fund/list", async (c) => ok(c, await s.fundProducts.list(readQuery(c, fundListQuery))));

  app.post("/stock/success/fund/purchase", auth, async (c) => {
    const { project_id, ...purchase } = await readBody(c, fundPurchaseBody);
    return ok(c, await s.fundProducts.purchase(userId(c), { ...purchase, projectId: project_id }));
  });

  app.get("/stock/success/fund/orders", auth, async (c) => {
    const q = readQuery(c, fundOrdersQuery);
    return ok(c, await s.fundProducts.orders(userId(c), q));
  });

  app.post("/stock/success/fund/cancel", auth, async (c) => {
    const body = await readBody(c, idBody);
    return ok(c, await s.fundProducts.cancel(body.id, userId(c)));
  });

  return app;
}

/** Operator tools for products, mounted under /api/operator (behind its key check). Ids travel in the body. */
export function productOperatorRoutes(s: Services) {
  const app = new Hono<Env>();

  app.post("/offers", async (c) => {
    const body = await readBody(c, offerBody);
    return ok(
      c,
      await s.blockTrades.createOffer({
        ...body,
        exchange_rate: body.exchange_rate ? parseRate(body.exchange_rate) : undefined,
      }),
    );
  });

  app.post("/offers/close", async (c) => ok(c, await s.blockTrades.closeOffer((await readBody(c, idBody)).id)));

  app.post("/offers/rate", async (c) => {
    const body = await readBody(c, offerRateBody);
    return ok(c, await s.blockTrades.setRate(body.id, parseRate(body.rate)));
  });

  app.post("/ipos", async (c) => {
    const body = await readBody(c, ipoBody);
    return ok(c, await s.ipos.create(body));
  });

  app.post("/ipos/status", async (c) => {
    const body = await readBody(c, ipoStatusBody);
    return ok(c, await s.ipos.setStatus(body.id, body.status));
  });

  app.post("/ipo-applications/allot", async (c) => {
    const body = await readBody(c, allotBody);
    return ok(c, await s.ipos.allot(body.id, body.count));
  });

  app.post("/funds", async (c) => {
    const body = await readBody(c, fundBody);
    return ok(
      c,
      await s.fundProducts.create({
        ...body,
        min_return: parseMoney(body.min_return)!,
        max_return: parseMoney(body.max_return)!,
      }),
    );
  });

  app.post("/fund-orders/cancel", async (c) => ok(c, await s.fundProducts.cancel((await readBody(c, idBody)).id)));

  /** Pays out every fund order due at the provider clock's now. Nothing due: `{ matured: [] }`. */
  app.post("/funds/mature", async (c) => {
    await readBody(c, matureBody);
    return ok(c, await s.fundProducts.mature());
  });

  app.post("/news", async (c) => {
    const body = await readBody(c, newsBody);
    return ok(c, await s.newsDesk.publish(body));
  });

  app.post("/chat/reply", async (c) => {
    const body = await readBody(c, chatReplyBody);
    return ok(c, await s.chat.reply(body.user, body.content));
  });

  app.get("/chat", async (c) => ok(c, await s.chat.conversation(readQuery(c, chatQuery).user)));

  return app;
}

/** An exchange rate (already matched against its pattern: up to 12 digits and 6 decimals). */
const parseRate = (text: string) => new Decimal(text);

/** This module's routes and the schemas they read, for the OpenAPI document (http/openapi.ts). */
const productRoute = sectionRoutes("Products (auth unless noted)");
export const productContract: RouteContract[] = [
  productRoute("post", "/stock/success/stock/list", "Block-trade or QIP offers", { body: blockTradeListBody }),
  productRoute("post", "/stock/success/deal/buy", "Buy from a block-trade or QIP offer", { body: dealBuyBody }),
  productRoute("post", "/stock/success/deal/list", "Block-trade, QIP or IPO records", { body: dealListBody }),
  productRoute("get", "/client/ipo", "IPOs", { query: ipoListQuery }, "none"),
  productRoute("post", "/stock/success/ipo/buy", "Apply for an IPO", { body: ipoBuyBody }),
  productRoute("get", "/stock/success/ipo/list", "IPO applications or sales", { query: ipoApplicationsQuery }),
  productRoute("get", "/v2/fund/list", "Funds", { query: fundListQuery }, "none"),
  productRoute("post", "/stock/success/fund/purchase", "Invest in a fund", { body: fundPurchaseBody }),
  productRoute("get", "/stock/success/fund/orders", "Fund investments", { query: fundOrdersQuery }),
  productRoute("post", "/stock/success/fund/cancel", "Cancel a fund investment", { body: idBody }),
  operatorRoute("post", "/offers", "Create a block-trade or QIP offer", { body: offerBody }),
  operatorRoute("post", "/offers/close", "Close an offer", { body: idBody }),
  operatorRoute("post", "/offers/rate", "Set an offer's exchange rate", { body: offerRateBody }),
  operatorRoute("post", "/ipos", "Create an IPO", { body: ipoBody }),
  operatorRoute("post", "/ipos/status", "Change an IPO's status", { body: ipoStatusBody }),
  operatorRoute("post", "/ipo-applications/allot", "Allot part of an IPO application", { body: allotBody }),
  operatorRoute("post", "/funds", "Create a fund", { body: fundBody }),
  operatorRoute("post", "/fund-orders/cancel", "Cancel a fund order", { body: idBody }),
  operatorRoute("post", "/funds/mature", "Pay out every fund order due", { body: matureBody }),
  operatorRoute("post", "/news", "Publish an article", { body: newsBody }),
  operatorRoute("post", "/chat/reply", "Answer a customer", { body: chatReplyBody }),
  operatorRoute("get", "/chat", "A customer's conversation", { query: chatQuery }),
];
