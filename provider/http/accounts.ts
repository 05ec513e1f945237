import { Hono } from "hono";
import { z } from "zod";
import { clientAddress, ok, readBody, type Env, type Services } from "./context";
import { requireAuth } from "./auth";
import { userInfo } from "../services/wallet";

const text = (max = 200) => z.string().max(max);

export function accountRoutes(s: Services) {
  const app = new Hono<Env>();
  const auth = requireAuth(s);

  app.post("/stock/user/reg", async (c) => {
    const body = await readBody(c, z.object({ user: text(20), password: text(), code: text(64) }));
    return ok(c, await s.accounts.register(body));
  });

  app.post("/stock/user/login", async (c) => {
    const body = await readBody(c, z.object({ user: text(20), password: text() }));
    const { token, expiresAt, user } = await s.accounts.login({ ...body, address: clientAddress(c) });
    return ok(c, { token, expires_at: expiresAt.toISOString(), ...userInfo(user, await s.trading.totals(user)) });
  });

  app.post("/stock/success/user/logout", auth, async (c) => {
    await s.accounts.logout(c.get("auth"));
    return ok(c, {});
  });

  app.post("/stock/success/user/password/up", auth, async (c) => {
    const body = await readBody(c, z.object({ password: text(), password_new: text() }));
    await s.accounts.changePassword(c.get("auth"), body);
    return ok(c, {});
  });

  app.post("/v2/user/forget/code", async (c) => {
    const body = await readBody(c, z.object({ user: text(20) }));
    return ok(c, await s.accounts.requestResetCode(body));
  });

  app.post("/v2/user/forget", async (c) => {
    const body = await readBody(
      c,
      z.object({ user: text(20), code: text(12), password: text(), new_password: text() }),
    );
    await s.accounts.resetPassword(body);
    return ok(c, {});
  });

  return app;
}
