import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { ok, readBody, readQuery, type Env, type Services } from "./context";
import { ProviderError } from "../errors";
import { latestDeliveredCode } from "../db/repositories/one-time-codes";
import { ensureInvitationCode } from "../db/repositories/invitation-codes";
import { adjustBalanceByPhone } from "../services/ledger";
import { parseMoney } from "../services/money";

function sameSecret(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Operator tools, guarded by `x-operator-key` (403 `forbidden` otherwise). */
export function operatorRoutes(s: Services) {
  const app = new Hono<Env>();
  app.use(
    "*",
    createMiddleware<Env>(async (c, next) => {
      if (!sameSecret(c.req.header("x-operator-key"), s.operatorKey)) {
        throw new ProviderError("forbidden", "operator key required", undefined, 403);
      }
      await next();
    }),
  );

  app.get("/otp", async (c) => {
    const q = readQuery(c, z.object({ user: z.string().trim().regex(/^\d{10}$/, "10 digits") }));
    const row = await latestDeliveredCode(s.db, q.user, s.now());
    if (!row || !row.code) throw new ProviderError("not_found", "no unused code for this phone", "user");
    return ok(c, { user: row.phone, code: row.code, expires_at: row.expires_at.toISOString() });
  });

  app.post("/invitation-codes", async (c) => {
    const body = await readBody(c, z.object({ code: z.string().trim().min(4).max(64).regex(/^[A-Za-z0-9_-]+$/) }));
    await ensureInvitationCode(s.db, body.code, s.now());
    return ok(c, { code: body.code });
  });

  app.post("/credit", async (c) => {
    const body = await readBody(
      c,
      z.object({
        user: z.string().trim().regex(/^\d{10}$/, "10 digits"),
        amount: z.union([z.string(), z.number()]),
        reason: z.string().trim().min(1).max(200),
      }),
    );
    const amount = parseMoney(body.amount);
    if (!amount || amount.isZero()) throw new ProviderError("invalid_input", "a non-zero amount with at most 2 decimals", "amount");
    return ok(c, await adjustBalanceByPhone(s.db, { phone: body.user, amount, reason: body.reason, now: s.now() }));
  });

  return app;
}
