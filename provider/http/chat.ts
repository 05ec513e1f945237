import { Hono } from "hono";
import { z } from "zod";
import { limitParam, ok, pageParam, readBody, readQuery, type Env, type Services } from "./context";
import { requireAuth } from "./auth";
import { productsFor } from "../services/products";

/** Support link and the customer-service chat (SPEC §7; docs/provider-api.md "Customer service"). */
export function chatRoutes(s: Services) {
  const app = new Hono<Env>();
  const auth = requireAuth(s);
  const chat = productsFor(s).chat;
  const user = (c: { get(k: "auth"): { user: { id: number } } }) => c.get("auth").user.id;

  app.get("/stock/success/kefu", auth, async (c) => ok(c, await chat.supportLink()));

  app.get("/stock/success/user_message/list-message", auth, async (c) =>
    ok(c, await chat.list(user(c), readQuery(c, z.object({ page: pageParam, limit: limitParam(100, 20) })))),
  );

  app.post("/stock/success/user_message/send", auth, async (c) => {
    const body = await readBody(
      c,
      z.object({
        content: z.string().max(4000, "1 to 1000 characters"),
        idempotency_key: z.string().trim().min(8, "8 to 100 characters").max(100, "8 to 100 characters"),
      }),
    );
    return ok(c, await chat.send(user(c), { content: body.content, idempotencyKey: body.idempotency_key }));
  });

  app.get("/stock/success/user_message/unread-count", auth, async (c) => ok(c, await chat.unreadCount(user(c))));

  return app;
}
