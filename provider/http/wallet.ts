import { Hono } from "hono";
import { z } from "zod";
import { limitParam, ok, pageParam, readQuery, type Env, type Services } from "./context";
import { requireAuth } from "./auth";
import { CONFIG_ENTRIES, SUPPORT_URL, billPage, userInfo } from "../services/wallet";

export function walletRoutes(s: Services) {
  const app = new Hono<Env>();
  const auth = requireAuth(s);

  app.get("/stock/success/v2/user/info", auth, async (c) => {
    const user = c.get("auth").user;
    return ok(c, userInfo(user, await s.trading.totals(user)));
  });

  app.get("/stock/success/v2/balance", auth, (c) => ok(c, { balance: c.get("auth").user.money }));

  app.get("/stock/success/v2/bill", auth, async (c) => {
    const q = readQuery(
      c,
      z.object({
        type: z.enum(["all", "income", "expense"]).default("all"),
        page: pageParam,
        limit: limitParam(100, 20),
      }),
    );
    return ok(c, await billPage(s.db, c.get("auth").user.id, q));
  });

  app.get("/v2/config", (c) => ok(c, CONFIG_ENTRIES));

  app.get("/stock/success/kefu", auth, (c) => ok(c, { url: SUPPORT_URL }));

  return app;
}
