import { Hono } from "hono";
import { z } from "zod";
import { limitParam, ok, pageParam, readBody, readQuery, type Env, type Services } from "./context";
import { requireAuth } from "./auth";
import { keyedBody, userId } from "./fields";
import { productsFor } from "../services/products";

/** Support link and the customer-service chat (docs/product.md#support; docs/provider-api.md "Customer service"). */
export function chatRoutes(s: Services) {
  const app = new Hono<Env>();
  const auth = requireAuth(s);
  const chat = productsFor(s).chat;

  app.get("/stock/success/kefu", auth, async (c) => ok(c, await chat.supportLink()));

  app.get("/stock/success/user_message/list-message", auth, async (c) =>
    ok(c, await chat.list(userId(c), readQuery(c, z.object({ page: pageParam, limit: limitParam(100, 20) })))),
  );

  app.post("/stock/success/user_message/send", auth, async (c) => {
    return ok(c, await chat.send(userId(c), await readBody(c, keyedBody({ content: z.string().max(4000, "1 to 1000 characters") }))));
  });

  app.get("/stock/success/user_message/unread-count", auth, async (c) => ok(c, await chat.unreadCount(userId(c))));

  return app;
}
