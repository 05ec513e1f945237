import { Hono } from "hono";
import { z } from "zod";
import { limitParam, ok, pageParam, readQuery, type Env, type Services } from "./context";
import { listedMarkets, stockMarkets } from "../config";
import { ProviderError } from "../errors";
import type { HistoryPeriod } from "../market/source";
import { sparklinePaths } from "../market/svg";
import { quoteRow, stockRow } from "../services/market";
import { allCategories } from "../db/repositories/instruments";

const MARKETS = ["IN", "MX", "US", "FOREX", "FUTURE", "CGI"] as const;
const marketParam = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toUpperCase() || undefined : v),
  z.enum(MARKETS).optional(),
);
const symbolParam = z.string().trim().min(1).max(32);
/** SPEC §7 also names 1y and 5y: served as weekly (~2 years) and monthly (~5 years) candles. */
const MOLDS: Record<string, HistoryPeriod | "SVG"> = {
  "1m": "1m",
  "1d": "1d",
  "1wk": "1wk",
  "1mo": "1mo",
  "1y": "1wk",
  "5y": "1mo",
  svg: "SVG",
};

export function marketRoutes(s: Services) {
  const app = new Hono<Env>();
  const listed = () => listedMarkets(s.deployment);
  // Categories are seed data that only a migration changes: read them once per process instead of on
  // every home and markets render (each PGlite round trip costs 1.5–3 ms; see docs/performance.md).
  let categoriesOnce: ReturnType<typeof allCategories> | undefined;
  const categories = () => {
    categoriesOnce ??= allCategories(s.db).catch((error: unknown) => {
      categoriesOnce = undefined;
      throw error;
    });
    return categoriesOnce;
  };

  function requireInstrument(symbol: string) {
    const inst = s.market.find(symbol);
    if (!inst || !listed().includes(inst.market)) throw new ProviderError("not_found", "unknown symbol", "symbol");
    return inst;
  }

  app.get("/stock/category/list", async (c) => {
    const markets = stockMarkets(s.deployment);
    const listedCategories = (await categories()).filter((cat) => markets.includes(cat.market));
    return ok(c, {
      categories: listedCategories.map((cat) => ({
        category_id: cat.id,
        category_code: cat.code,
        category_name: cat.name,
        market: cat.market,
        stocks: s.market.indices(cat.market).map((i) => ({ id: i.id, stock_name: i.name, stock_code: i.symbol })),
      })),
    });
  });

  app.get("/v2/stock/list", (c) => {
    const q = readQuery(
      c,
      z.object({
        market: marketParam,
        symbol: z.string().trim().max(64).optional(),
        page: pageParam,
        limit: limitParam(100, 10),
      }),
    );
    const markets = q.market ? listed().filter((m) => m === q.market) : listed();
    const at = s.now();
    const { rows, count } = s.market.list({
      markets,
      search: q.symbol || undefined,
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
    });
    return ok(c, { rows: rows.map((inst) => stockRow(inst, s.market.quote(inst.symbol, at)!)), count });
  });

  const codeParam = z.preprocess((v) => (typeof v === "string" ? v.trim() || undefined : v), z.string().max(64).optional());

  app.get("/v2/currency/list", (c) => {
    const q = readQuery(c, z.object({ code: codeParam, page: pageParam, limit: limitParam(100, 10) }));
    const at = s.now();
    const { rows, count } = s.market.list({ markets: ["FOREX"], search: q.code, offset: (q.page - 1) * q.limit, limit: q.limit });
    return ok(c, {
      rows: rows.map((inst) => {
        const row = stockRow(inst, s.market.quote(inst.symbol, at)!);
        return { ...row, price_change_percent: Number(row.change.toFixed(4)) };
      }),
      count,
    });
  });

  app.get("/v2/market/list", (c) => {
    const q = readQuery(
      c,
      z.object({
        market: z.preprocess(
          (v) => (typeof v === "string" ? v.trim().toUpperCase() || undefined : v),
          z.enum(["FUTURE", "CGI"]).default("FUTURE"),
        ),
        code: codeParam,
        page: pageParam,
        limit: limitParam(100, 100),
      }),
    );
    const at = s.now();
    const { rows, count } = s.market.list({ markets: [q.market], search: q.code, offset: (q.page - 1) * q.limit, limit: q.limit });
    return ok(c, {
      rows: rows.map((inst) => {
        const row = stockRow(inst, s.market.quote(inst.symbol, at)!);
        return { ...row, current_price: row.prasent };
      }),
      count,
    });
  });

  app.get("/v2/yahoo", (c) => {
    const q = readQuery(
      c,
      z.object({
        symbol: symbolParam,
        market: marketParam,
        mold: z
          .string()
          .default("1d")
          .transform((m) => MOLDS[m.trim().toLowerCase()] ?? MOLDS[m.trim()])
          .refine((m) => m !== undefined, "mold must be 1m, 1d, 1wk, 1mo, 1y, 5y or SVG"),
      }),
    );
    const inst = requireInstrument(q.symbol);
    const at = s.now();
    const quote = s.market.quote(inst.symbol, at)!;
    const period: HistoryPeriod = q.mold === "SVG" ? "1m" : q.mold!;
    const rows = s.market.history(inst.symbol, period, at)!;
    return ok(c, {
      ...quoteRow(quote),
      market: inst.market,
      precision: inst.precision,
      rows,
      ...(q.mold === "SVG" ? sparklinePaths(rows) : {}),
    });
  });

  app.get("/v2/price", (c) => {
    const q = readQuery(c, z.object({ symbol: symbolParam, interval: z.literal("1d").default("1d") }));
    const inst = requireInstrument(q.symbol);
    const at = s.now();
    const quote = s.market.quote(inst.symbol, at)!;
    const days = s.market.history(inst.symbol, "1d", at)!.slice(-31);
    const rows = days.slice(1).map((d, i) => ({
      timestamp: d.timestamp,
      change: Number((d.close - days[i].close).toFixed(inst.precision)),
      high: d.high,
      low: d.low,
      close: d.close,
    }));
    return ok(c, {
      symbol: inst.symbol,
      name: inst.name,
      price: quote.price,
      change: quote.change,
      changePercent: quote.changePercent,
      rows,
    });
  });

  app.get("/v2/quotes", (c) => {
    const q = readQuery(
      c,
      z.object({
        symbols: z
          .string()
          .transform((v) => [...new Set(v.split(",").map((x) => x.trim()).filter(Boolean))])
          .refine((list) => list.length >= 1 && list.length <= 50, "1 to 50 comma-separated symbols"),
      }),
    );
    const markets = listed();
    const known = q.symbols.filter((sym) => {
      const inst = s.market.find(sym);
      return inst && markets.includes(inst.market);
    });
    return ok(c, { rows: s.market.quotes(known, s.now()).map(quoteRow) });
  });

  return app;
}
