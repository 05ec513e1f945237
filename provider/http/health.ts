import { Hono } from "hono";

import { ok, type Env, type Services } from "./context";
import type { RouteContract } from "./contract";

/** Healthy only while the database answers within 2 s: else 503, so a balancer takes the instance out (decision 0187). */
export function healthRoutes(s: Services) {
  const app = new Hono<Env>();
  app.get("/health", async (c) => {
    const status = await s.health.status();
    return status ? ok(c, status) : c.json({ msg: "no", data: { code: "database_unavailable" } }, 503);
  });
  return app;
}

/** This module's routes and the schemas they read, for the OpenAPI document (http/openapi.ts). */
export const healthContract: RouteContract[] = [
  { method: "get", path: "/health", summary: "The provider and its database answer", auth: "none", section: "Health" },
];
