import { Hono } from "hono";
import { z } from "zod";

import { requireAuth } from "./auth";
import { idParam, limitParam, ok, pageParam, readBody, readQuery, type Env, type Services } from "./context";
import { sectionRoutes, type RouteContract } from "./contract";
import { emptyToUndefined, priceString, userId } from "./fields";

/*
 * Price alerts (docs/provider-api.md "Price alerts"; docs/decisions/0362-price-alerts.md). A provider without them
 * answers 404 here, and the app shows no alerts.
 */

const condition = z.enum(["above", "below", "move"], {
  errorMap: () => ({ message: "condition is above, below or move" }),
});
const percentString = z
  .string({ invalid_type_error: 'a percent is a decimal string such as "5" or "2.5", never a JSON number' })
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'a percent is a decimal string such as "5" or "2.5": at most 2 decimals');

// Built once (docs/decisions/0326-provider-schemas-built-once.md).
const listQuery = z.object({
  status: z.enum(["all", "active", "paused", "fired"]).default("all"),
  tag: z.preprocess(emptyToUndefined, z.string().trim().max(32).optional()),
  page: pageParam,
  limit: limitParam(100, 50),
});
const addBody = z.object({
  tag: z.string().trim().min(1).max(32),
  condition,
  price: priceString.optional(),
  percent: percentString.optional(),
});
const editBody = z.object({
  id: idParam,
  condition: condition.optional(),
  price: priceString.optional(),
  percent: percentString.optional(),
});
const idBody = z.object({ id: idParam });

export function alertRoutes(s: Services) {
  const app = new Hono<Env>();
  const auth = requireAuth(s);

  app.get("/stock/success/alert/list", auth, async (c) => {
    return ok(c, await s.priceAlerts.list(userId(c), readQuery(c, listQuery)));
  });

  app.post("/stock/success/alert/add", auth, async (c) => {
    return ok(c, await s.priceAlerts.create(userId(c), await readBody(c, addBody)));
  });

  app.post("/stock/success/alert/edit", auth, async (c) => {
    return ok(c, await s.priceAlerts.edit(userId(c), await readBody(c, editBody)));
  });

  app.post("/stock/success/alert/pause", auth, async (c) => {
    return ok(c, await s.priceAlerts.pause(userId(c), (await readBody(c, idBody)).id));
  });

  app.post("/stock/success/alert/resume", auth, async (c) => {
    return ok(c, await s.priceAlerts.resume(userId(c), (await readBody(c, idBody)).id));
  });

  app.post("/stock/success/alert/delete", auth, async (c) => {
    return ok(c, await s.priceAlerts.remove(userId(c), (await readBody(c, idBody)).id));
  });

  return app;
}

/** This module's routes and the schemas they read, for the OpenAPI document (http/openapi.ts). */
const alertRoute = sectionRoutes("Price alerts (auth)");
export const alertContract: RouteContract[] = [
  alertRoute("get", "/stock/success/alert/list", "Price alerts", { query: listQuery }),
  alertRoute("post", "/stock/success/alert/add", "A new price alert", { body: addBody }),
  alertRoute("post", "/stock/success/alert/edit", "Change a price alert", { body: editBody }),
  alertRoute("post", "/stock/success/alert/pause", "Pause a price alert", { body: idBody }),
  alertRoute("post", "/stock/success/alert/resume", "Resume (or re-arm) a price alert", { body: idBody }),
  alertRoute("post", "/stock/success/alert/delete", "Delete a price alert", { body: idBody }),
];
