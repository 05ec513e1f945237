import { Hono } from "hono";
import { z } from "zod";

import { requireAuth } from "./auth";
import { ok, readBody, secondFactor, type Env, type Services } from "./context";
import { sectionRoutes, type RouteContract } from "./contract";
import { idParam } from "./wallet";

// Built once: building a zod schema costs more than running it.
const code = z.string().max(64);
/** The body of /setup and /devices/end-others: nothing. */
const emptyBody = z.object({});
/** The body of /enable and /recovery-codes. */
const codeBody = z.object({ code });
const disableBody = z.object({ password: z.string().max(200), code });
const deviceEndBody = z.object({ id: idParam });

/**
 * Two-factor set-up and the devices list (docs/provider-api.md "Two-factor and devices"; decisions 0270-0272). The
 * sign-in's code step is in http/accounts.ts, the step-up fields in the money routes.
 */
export function twoFactorRoutes(s: Services) {
  const app = new Hono<Env>();
  const auth = requireAuth(s);

  app.get("/stock/success/two-factor", auth, async (c) => ok(c, await s.twoFactor.status(c.get("auth").user.id)));

  app.post("/stock/success/two-factor/setup", auth, async (c) => {
    await readBody(c, emptyBody);
    return ok(c, await s.twoFactor.startSetup(c.get("auth").user));
  });

  app.get("/stock/success/two-factor/setup", auth, async (c) =>
    ok(c, await s.twoFactor.pendingSetup(c.get("auth").user)),
  );

  app.post("/stock/success/two-factor/enable", auth, async (c) => {
    const body = await readBody(c, codeBody);
    return ok(c, await s.twoFactor.enable({ ...secondFactor(c, body.code), code: body.code }));
  });

  app.post("/stock/success/two-factor/disable", auth, async (c) => {
    const body = await readBody(c, disableBody);
    return ok(
      c,
      await s.twoFactor.disable({ ...secondFactor(c, body.code), code: body.code, password: body.password }),
    );
  });

  app.post("/stock/success/two-factor/recovery-codes", auth, async (c) => {
    const body = await readBody(c, codeBody);
    return ok(c, await s.twoFactor.regenerateRecoveryCodes({ ...secondFactor(c, body.code), code: body.code }));
  });

  app.get("/stock/success/devices", auth, async (c) => ok(c, await s.devices.list(c.get("auth"))));

  app.post("/stock/success/devices/end", auth, async (c) => {
    const body = await readBody(c, deviceEndBody);
    return ok(c, await s.devices.end(c.get("auth"), body.id));
  });

  app.post("/stock/success/devices/end-others", auth, async (c) => {
    await readBody(c, emptyBody);
    return ok(c, await s.devices.endOthers(c.get("auth")));
  });

  return app;
}

/** This module's routes and the schemas they read, for the OpenAPI document (http/openapi.ts). */
const twoFactorRoute = sectionRoutes("Two-factor and devices (auth unless noted)");
export const twoFactorContract: RouteContract[] = [
  twoFactorRoute("get", "/stock/success/two-factor", "Whether two-factor sign-in is on"),
  twoFactorRoute("post", "/stock/success/two-factor/setup", "Start setting up two-factor sign-in", { body: emptyBody }),
  twoFactorRoute("get", "/stock/success/two-factor/setup", "The unfinished set-up"),
  twoFactorRoute("post", "/stock/success/two-factor/enable", "Turn two-factor sign-in on", { body: codeBody }),
  twoFactorRoute("post", "/stock/success/two-factor/disable", "Turn two-factor sign-in off", { body: disableBody }),
  twoFactorRoute("post", "/stock/success/two-factor/recovery-codes", "New recovery codes", { body: codeBody }),
  twoFactorRoute("get", "/stock/success/devices", "Signed-in devices"),
  twoFactorRoute("post", "/stock/success/devices/end", "End a device's session", { body: deviceEndBody }),
  twoFactorRoute("post", "/stock/success/devices/end-others", "End every other session", { body: emptyBody }),
];
