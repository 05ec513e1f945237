import { Hono } from "hono";
import { z } from "zod";

import { requireAuth } from "./auth";
import { limitParam, ok, pageParam, readBody, readQuery, type Env, type Services } from "./context";
import { sectionRoutes, type RouteContract } from "./contract";
import { userId } from "./fields";

const symbolField = z.object({ symbol: z.string().trim().min(1).max(32) });
const listQuery = z.object({ page: pageParam, pageSize: limitParam(100, 10) });

export function watchlistRoutes(s: Services) {
  const app = new Hono<Env>();
  const auth = requireAuth(s);

  app.post("/stock/success/collection/add", auth, async (c) => {
    const { symbol } = await readBody(c, symbolField);
    return ok(c, await s.watchlist.add(userId(c), symbol));
  });

  app.post("/stock/success/collection/remove", auth, async (c) => {
    const { symbol } = await readBody(c, symbolField);
    return ok(c, await s.watchlist.remove(userId(c), symbol));
  });

  app.get("/stock/success/collection/check", auth, async (c) => {
    return ok(c, await s.watchlist.check(userId(c), readQuery(c, symbolField).symbol));
  });

  app.get("/stock/success/collection/list", auth, async (c) => {
    const q = readQuery(c, listQuery);
    return ok(c, await s.watchlist.list(userId(c), q));
  });

  return app;
}

/** This module's routes and the schemas they read, for the OpenAPI document (http/openapi.ts). */
const watchRoute = sectionRoutes("Watchlist (auth)");
export const watchlistContract: RouteContract[] = [
  watchRoute("post", "/stock/success/collection/add", "Watch a symbol", { body: symbolField }),
  watchRoute("post", "/stock/success/collection/remove", "Stop watching a symbol", { body: symbolField }),
  watchRoute("get", "/stock/success/collection/check", "Whether a symbol is watched", { query: symbolField }),
  watchRoute("get", "/stock/success/collection/list", "The watchlist", { query: listQuery }),
];
