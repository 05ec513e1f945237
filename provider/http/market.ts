import { Hono } from "hono";
import { z } from "zod";

import { limitParam, ok, pageParam, readQuery, type Env, type Services } from "./context";
import type { RouteContract } from "./contract";
import type { HistoryPeriod } from "../market/source";

const MARKETS = ["IN", "MX", "US", "FOREX", "FUTURE", "CGI"] as const;
const marketParam = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toUpperCase() || undefined : v),
  z.enum(MARKETS).optional(),
);
const symbolParam = z.string().trim().min(1).max(32);
/** The contract also names 1y and 5y (docs/provider-api.md): served as weekly (~2 years) and monthly (~5 years) candles. */
const MOLDS: Record<string, HistoryPeriod | "SVG"> = {
  "1m": "1m",
  "1d": "1d",
  "1wk": "1wk",
  "1mo": "1mo",
  "1y": "1wk",
  "5y": "1mo",
  svg: "SVG",
};
const codeParam = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() || undefined : v),
  z.string().max(64).optional(),
);

// Built once: these routes serve every price panel poll, and building a zod schema costs more than running it.
const stockListQuery = z.object({
  market: marketParam,
  symbol: z.string().trim().max(64).optional(),
  page: pageParam,
  limit: limitParam(100, 10),
});
const currencyListQuery = z.object({ code: codeParam, page: pageParam, limit: limitParam(100, 10) });
const futuresListQuery = z.object({
  market: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() || undefined : v),
    z.enum(["FUTURE", "CGI"]).default("FUTURE"),
  ),
  code: codeParam,
  page: pageParam,
  limit: limitParam(100, 100),
});
const yahooQuery = z.object({
  symbol: symbolParam,
  market: marketParam,
  mold: z
    .string()
    .default("1d")
    .transform((m) => MOLDS[m.trim().toLowerCase()] ?? MOLDS[m.trim()])
    .refine((m) => m !== undefined, "mold must be 1m, 1d, 1wk, 1mo, 1y, 5y or SVG"),
});
const priceQuery = z.object({ symbol: symbolParam, interval: z.literal("1d").default("1d") });
const quotesQuery = z.object({
  symbols: z
    .string()
    .transform((v) => [
      ...new Set(
        v
          .split(",")
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .refine((list) => list.length >= 1 && list.length <= 50, "1 to 50 comma-separated symbols"),
});

export function marketRoutes(s: Services) {
  const app = new Hono<Env>();

  app.get("/stock/category/list", async (c) => ok(c, await s.catalog.categories()));

  app.get("/v2/stock/list", (c) => {
    const q = readQuery(c, stockListQuery);
    return ok(c, s.catalog.stockList({ market: q.market, search: q.symbol, page: q.page, limit: q.limit }));
  });

  app.get("/v2/currency/list", (c) => {
    const q = readQuery(c, currencyListQuery);
    return ok(c, s.catalog.currencyList({ search: q.code, page: q.page, limit: q.limit }));
  });

  app.get("/v2/market/list", (c) => {
    const q = readQuery(c, futuresListQuery);
    return ok(c, s.catalog.futuresList({ market: q.market, search: q.code, page: q.page, limit: q.limit }));
  });

  app.get("/v2/yahoo", (c) => {
    const q = readQuery(c, yahooQuery);
    return ok(c, s.catalog.chart(q.symbol, q.mold!));
  });

  app.get("/v2/price", (c) => {
    const q = readQuery(c, priceQuery);
    return ok(c, s.catalog.priceLookup(q.symbol));
  });

  app.get("/v2/quotes", (c) => {
    const q = readQuery(c, quotesQuery);
    return ok(c, s.catalog.quotes(q.symbols));
  });

  return app;
}

/** This module's routes and the schemas they read, for the OpenAPI document (http/openapi.ts). */
const marketRoute = (path: string, summary: string, query?: z.ZodTypeAny): RouteContract => ({
  method: "get",
  path,
  summary,
  auth: "none",
  section: "Market data",
  query,
});
export const marketContract: RouteContract[] = [
  marketRoute("/stock/category/list", "Markets and their indices"),
  marketRoute("/v2/stock/list", "Instruments of a market, with quotes", stockListQuery),
  {
    ...marketRoute("/v2/currency/list", "Forex pairs", currencyListQuery),
    section: "Forex, futures and treasury lists",
  },
  {
    ...marketRoute("/v2/market/list", "Futures or treasury yields", futuresListQuery),
    section: "Forex, futures and treasury lists",
  },
  marketRoute("/v2/yahoo", "A quote and its chart", yahooQuery),
  marketRoute("/v2/price", "The last 30 daily prices", priceQuery),
  marketRoute("/v2/quotes", "Quotes of up to 50 symbols", quotesQuery),
];
