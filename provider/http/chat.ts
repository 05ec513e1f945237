import { Hono } from "hono";
import { z } from "zod";

import { requireAuth } from "./auth";
import { limitParam, ok, pageParam, readBody, readQuery, type Env, type Services } from "./context";
import { sectionRoutes, type RouteContract } from "./contract";
import { keyedBody, userId } from "./fields";

// Built once, not per request (building a zod schema costs more than running it).
const listQuery = z.object({ page: pageParam, limit: limitParam(100, 20) });
const sendBody = keyedBody({ content: z.string().max(4000, "1 to 1000 characters") });
/** `unread=1`: the unread count too, when the chat is on (docs/decisions/0540). */
const linkQuery = z.object({ unread: z.enum(["0", "1"]).optional() });

/** Support link and the customer-service chat (docs/product.md#support; docs/provider-api.md "Customer service"). */
export function chatRoutes(s: Services) {
  const app = new Hono<Env>();
  const auth = requireAuth(s);

  app.get("/stock/success/kefu", auth, async (c) =>
    ok(c, await s.chat.supportLink(userId(c), { unread: readQuery(c, linkQuery).unread === "1" })),
  );

  app.get("/stock/success/user_message/list-message", auth, async (c) =>
    ok(c, await s.chat.list(userId(c), readQuery(c, listQuery))),
  );

  app.post("/stock/success/user_message/send", auth, async (c) => {
    return ok(c, await s.chat.send(userId(c), await readBody(c, sendBody)));
  });

  app.get("/stock/success/user_message/unread-count", auth, async (c) => ok(c, await s.chat.unreadCount(userId(c))));

  return app;
}

/** This module's routes and the schemas they read, for the OpenAPI document (http/openapi.ts). */
const chatRoute = sectionRoutes("Customer service (auth)");
export const chatContract: RouteContract[] = [
  chatRoute("get", "/stock/success/kefu", "The support link", { query: linkQuery }),
  chatRoute("get", "/stock/success/user_message/list-message", "The support conversation", { query: listQuery }),
  chatRoute("post", "/stock/success/user_message/send", "Write to support", { body: sendBody }),
  chatRoute("get", "/stock/success/user_message/unread-count", "Unread replies and alerts"),
];
