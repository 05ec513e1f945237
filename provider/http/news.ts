import { Hono } from "hono";
import { z } from "zod";
import { iso, limitParam, ok, pageParam, readQuery, type Env, type Services } from "./context";
import { findNews, listNews } from "../db/repositories/news";
import { ProviderError } from "../errors";

export function newsRoutes(s: Services) {
  const app = new Hono<Env>();

  app.get("/stock/new/list", async (c) => {
    const q = readQuery(c, z.object({ page: pageParam, limit: limitParam(50, 10) }));
    const { rows, count } = await listNews(s.db, (q.page - 1) * q.limit, q.limit);
    return ok(c, {
      rows: rows.map((n) => ({ ...n, created_at: iso(n.created_at), updated_at: iso(n.updated_at) })),
      count,
    });
  });

  app.get("/stock/new/index", async (c) => {
    const q = readQuery(c, z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }));
    const n = await findNews(s.db, q.id);
    if (!n) throw new ProviderError("not_found", "no such article", "id");
    return ok(c, { ...n, created_at: iso(n.created_at), updated_at: iso(n.updated_at) });
  });

  return app;
}
