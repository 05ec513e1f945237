import { Hono } from "hono";
import { z } from "zod";
import { limitParam, ok, pageParam, readBody, readQuery, type Env, type Services } from "./context";
import { requireAuth } from "./auth";
import { listedMarkets } from "../config";
import { ProviderError } from "../errors";
import { addToWatchlist, isWatched, listWatchlist, removeFromWatchlist } from "../db/repositories/watchlist";

const symbolField = z.object({ symbol: z.string().trim().min(1).max(32) });

export function watchlistRoutes(s: Services) {
  const app = new Hono<Env>();
  const auth = requireAuth(s);

  function instrument(symbol: string) {
    const inst = s.market.find(symbol);
    if (!inst || !listedMarkets(s.deployment).includes(inst.market)) {
      throw new ProviderError("not_found", "unknown symbol", "symbol");
    }
    return inst;
  }

  app.post("/stock/success/collection/add", auth, async (c) => {
    const inst = instrument((await readBody(c, symbolField)).symbol);
    await addToWatchlist(s.db, c.get("auth").user.id, inst.symbol, s.now());
    return ok(c, { collected: true });
  });

  app.post("/stock/success/collection/remove", auth, async (c) => {
    const inst = instrument((await readBody(c, symbolField)).symbol);
    await removeFromWatchlist(s.db, c.get("auth").user.id, inst.symbol);
    return ok(c, { collected: false });
  });

  app.get("/stock/success/collection/check", auth, async (c) => {
    const inst = instrument(readQuery(c, symbolField).symbol);
    return ok(c, { collected: await isWatched(s.db, c.get("auth").user.id, inst.symbol) });
  });

  app.get("/stock/success/collection/list", auth, async (c) => {
    const q = readQuery(c, z.object({ page: pageParam, pageSize: limitParam(100, 10) }));
    const markets = listedMarkets(s.deployment);
    const symbols = s.market.list({ markets, includeIndices: true, offset: 0, limit: 100_000 }).rows.map((i) => i.symbol);
    const { rows, count } = await listWatchlist(s.db, c.get("auth").user.id, symbols, (q.page - 1) * q.pageSize, q.pageSize);
    const at = s.now();
    return ok(c, {
      list: rows.map((r) => {
        const inst = s.market.find(r.symbol)!;
        const quote = s.market.quote(inst.symbol, at)!;
        return {
          stock_name: inst.name,
          stock_code: inst.symbol,
          created_at: r.created_at.toISOString(),
          stock_detail: {
            market: inst.market,
            prasent: quote.price,
            close_prices: quote.previousClose,
            percent_change: quote.changePercent,
            change: quote.change,
            market_name: inst.marketName,
            exchange_name: inst.exchangeName,
            precision: inst.precision,
          },
        };
      }),
      total: count,
    });
  });

  return app;
}
