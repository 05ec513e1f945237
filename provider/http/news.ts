import { Hono } from "hono";
import { z } from "zod";

import { idParam, limitParam, ok, pageParam, readQuery, type Env, type Services } from "./context";

export function newsRoutes(s: Services) {
  const app = new Hono<Env>();

  app.get("/stock/new/list", async (c) => {
    const q = readQuery(c, z.object({ page: pageParam, limit: limitParam(50, 10) }));
    return ok(c, await s.news.list(q));
  });

  app.get("/stock/new/index", async (c) => {
    const q = readQuery(c, z.object({ id: idParam }));
    return ok(c, await s.news.article(q.id));
  });

  return app;
}
