import { Hono } from "hono";
import { z } from "zod";
import { limitParam, ok, pageParam, readQuery, type Env, type Services } from "./context";

export function newsRoutes(s: Services) {
  const app = new Hono<Env>();

  app.get("/stock/new/list", async (c) => {
    const q = readQuery(c, z.object({ page: pageParam, limit: limitParam(50, 10) }));
    return ok(c, await s.news.list(q));
  });

  app.get("/stock/new/index", async (c) => {
    const q = readQuery(c, z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }));
    return ok(c, await s.news.article(q.id));
  });

  return app;
}
