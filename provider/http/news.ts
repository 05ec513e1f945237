import { Hono } from "hono";
import { z } from "zod";

import { idParam, limitParam, ok, pageParam, readQuery, type Env, type Services } from "./context";
import type { RouteContract } from "./contract";

const listQuery = z.object({ page: pageParam, limit: limitParam(50, 10) });
const articleQuery = z.object({ id: idParam });

export function newsRoutes(s: Services) {
  const app = new Hono<Env>();

  app.get("/stock/new/list", async (c) => {
    const q = readQuery(c, listQuery);
    return ok(c, await s.news.list(q));
  });

  app.get("/stock/new/index", async (c) => {
    const q = readQuery(c, articleQuery);
    return ok(c, await s.news.article(q.id));
  });

  return app;
}

/** This module's routes and the schemas they read, for the OpenAPI document (http/openapi.ts). */
export const newsContract: RouteContract[] = [
  { method: "get", path: "/stock/new/list", summary: "News", auth: "none", section: "Market data", query: listQuery },
  {
    method: "get",
    path: "/stock/new/index",
    summary: "An article",
    auth: "none",
    section: "Market data",
    query: articleQuery,
  },
];
