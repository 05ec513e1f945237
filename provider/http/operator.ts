import { Hono, type Context } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";

import { clientAddress, ok, readBody, readQuery, type Env, type Services } from "./context";
import { customerPhone, priceString } from "./fields";
import { ProviderError } from "../errors";
import { keyFingerprint, sameSecret } from "../operator-key";
import { operatorRoute, type RouteContract } from "./contract";
import { productOperatorRoutes } from "./products";
import { moneyString, parseMoney } from "../services/money";
import { MAX_PATH_PRICES } from "../services/price-paths";

/**
 * Constant-time comparison of the x-operator-key header with the configured key; no configured key (the operator
 * API is closed) opens nothing.
 */
export function isOperator(given: string | undefined, expected: string | undefined): boolean {
  return sameSecret(given, expected);
}

/** Where the audit lines go: one per operator request (console.log by default). */
export type OperatorAuditLog = (line: string) => void;

/** Request fields that say which record an operator action touched; nothing secret (no codes, no free text). */
const AUDITED_FIELDS = ["id", "user", "amount", "count", "tag", "value", "status", "symbol", "mold"] as const;

/** A customer's phone in a log: only its last 4 digits. */
export const maskPhone = (phone: string) => `${"*".repeat(Math.max(phone.length - 4, 0))}${phone.slice(-4)}`;

/** Printable ASCII only and short: a value from a request must not be able to forge a log line. */
const printable = (value: unknown) =>
  String(value)
    .replace(/[^\x21-\x7e]/g, "?")
    .slice(0, 40);

async function auditedFields(c: Context): Promise<string[]> {
  const fields: Record<string, unknown> = { ...c.req.query() };
  if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.req.raw.body) {
    try {
      const body: unknown = JSON.parse(await c.req.raw.clone().text());
      if (body && typeof body === "object" && !Array.isArray(body)) Object.assign(fields, body);
    } catch {
      // Not JSON: the route answers invalid_input, which the audit line shows.
    }
  }
  return AUDITED_FIELDS.filter(
    (name) => fields[name] !== undefined && fields[name] !== null && typeof fields[name] !== "object",
  ).map((name) => `${name} ${name === "user" ? maskPhone(printable(fields[name])) : printable(fields[name])}`);
}

async function outcomeOf(response: Response): Promise<string> {
  const reply = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { msg?: string; data?: { id?: unknown; code?: unknown } } | undefined;
  if (reply?.msg === "ok") return typeof reply.data?.id === "number" ? `ok, id ${reply.data.id}` : "ok";
  return `${response.status} ${printable(reply?.data?.code ?? "no reply")}`;
}

/**
 * What the operator can approve or reject (the `npm run operator -- approve <kind> <id>` vocabulary). `ipo` is an IPO
 * application: approve allots everything applied for, reject returns the hold (partial allotment: /ipo-applications/allot).
 */
export const REVIEW_KINDS = ["recharge", "withdraw", "card", "kyc", "loan", "ipo"] as const;
type ReviewKind = (typeof REVIEW_KINDS)[number];

// Built once: building a zod schema costs more than running it.
const otpQuery = z.object({
  user: customerPhone,
});
const invitationCodeBody = z.object({
  code: z
    .string()
    .trim()
    .min(4)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});
const creditBody = z.object({
  user: customerPhone,
  amount: moneyString,
  reason: z.string().trim().min(1).max(200),
});
/** Nothing to say but "yes": any field is a mistaken request. */
const approveBody = z.object({}).strict();
const rejectBody = z.object({ reason: z.string().trim().max(200).optional() }).strict();
const twoFactorResetBody = z.object({
  user: customerPhone,
  identity_check: z.string().trim().min(10, "10 to 500 characters").max(500, "10 to 500 characters"),
});
/** An instrument's price path (docs/decisions/0363): one price, or several each held for `step_seconds`. */
const priceBody = z.object({
  symbol: z.string().trim().min(1).max(32),
  prices: z.array(priceString).min(1).max(MAX_PATH_PRICES),
  step_seconds: z.number().int().min(1).max(86_400).optional(),
});
const clearPriceBody = z.object({ symbol: z.string().trim().min(1).max(32) });
const expireOrderBody = z.object({
  no: z
    .string()
    .trim()
    .regex(/^[0-9]{1,40}$/, "an order number"),
});
const configBody = z.object({
  tag: z.string().max(64),
  value: z.union([z.string().max(40), z.number()]).transform(String),
});

/**
 * Operator tools, guarded by `x-operator-key` (403 `forbidden` otherwise). Every request, refused or not, writes one
 * audit line: `[operator] <method> <path> by operator key <fingerprint> from <address>: <outcome> (<record fields>)`
 * (docs/decisions/0180-operator-key.md); never the key, a one-time code or a whole phone number.
 */
export function operatorRoutes(s: Services, audit: OperatorAuditLog = console.log) {
  const app = new Hono<Env>();
  const who = s.operatorKey ? `operator key ${keyFingerprint(s.operatorKey)}` : "";
  app.use(
    "*",
    createMiddleware<Env>(async (c, next) => {
      const what = `${c.req.method} ${new URL(c.req.url).pathname.replace(/[^\x21-\x7e]/g, "?").slice(0, 200)}`;
      const given = c.req.header("x-operator-key");
      if (!isOperator(given, s.operatorKey)) {
        const why = !s.operatorKey ? "the operator API is closed (no OPERATOR_KEY)" : given ? "wrong key" : "no key";
        audit(`[operator] refused ${what} from ${clientAddress(c)}: ${why}`);
        throw new ProviderError("forbidden", "operator key required", undefined, 403);
      }
      const fields = await auditedFields(c);
      await next();
      audit(
        `[operator] ${what} by ${who} from ${clientAddress(c)}: ${await outcomeOf(c.res)}${fields.length ? ` (${fields.join(", ")})` : ""}`,
      );
    }),
  );

  app.get("/otp", async (c) => {
    const q = readQuery(c, otpQuery);
    return ok(c, await s.operatorTools.latestOneTimeCode(q.user));
  });

  app.post("/invitation-codes", async (c) => {
    const body = await readBody(c, invitationCodeBody);
    return ok(c, await s.operatorTools.addInvitationCode(body.code));
  });

  app.post("/credit", async (c) => {
    const body = await readBody(c, creditBody);
    const amount = parseMoney(body.amount);
    if (!amount || amount.isZero())
      throw new ProviderError("invalid_input", "a non-zero amount with at most 2 decimals", "amount");
    return ok(c, await s.operatorTools.adjustBalance({ phone: body.user, amount, reason: body.reason }));
  });

  // ---- wallet reviews --------------------------------------------------------------------------------------

  /** Everything waiting for a decision, oldest first (up to 100 of each). */
  app.get("/pending", async (c) =>
    ok(c, {
      recharges: await s.funds.pending("recharge"),
      withdrawals: await s.funds.pending("withdraw"),
      cards: await s.bankCards.pending(),
      kyc: await s.kyc.pending(),
      loans: await s.loans.pending(),
      ipo_applications: await s.ipos.pending(),
      chats: await s.chat.waiting(),
    }),
  );

  const approvers: Record<ReviewKind, (id: number) => Promise<unknown>> = {
    recharge: (id) => s.funds.approveRecharge(id),
    withdraw: (id) => s.funds.approveWithdrawal(id),
    card: (id) => s.bankCards.approve(id),
    kyc: (id) => s.kyc.approve(id),
    loan: (id) => s.loans.approve(id),
    ipo: (id) => s.ipos.allot(id),
  };
  const rejecters: Record<ReviewKind, (id: number, reason?: string) => Promise<unknown>> = {
    recharge: (id, r) => s.funds.rejectRecharge(id, r),
    withdraw: (id, r) => s.funds.rejectWithdrawal(id, r),
    card: (id, r) => s.bankCards.reject(id, r),
    kyc: (id, r) => s.kyc.reject(id, r),
    loan: (id, r) => s.loans.reject(id, r),
    ipo: (id, r) => s.ipos.reject(id, r),
  };

  const target = (c: { req: { param(name: string): string | undefined } }) => {
    const kind = c.req.param("kind") as ReviewKind;
    const id = Number(c.req.param("id"));
    if (!REVIEW_KINDS.includes(kind))
      throw new ProviderError("not_found", `kind must be one of ${REVIEW_KINDS.join(", ")}`, "kind");
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
      throw new ProviderError("not_found", "no such record", "id");
    return { kind, id };
  };

  app.post("/:kind/:id/approve", async (c) => {
    const { kind, id } = target(c);
    await readBody(c, approveBody);
    return ok(c, await approvers[kind](id));
  });

  app.post("/:kind/:id/reject", async (c) => {
    const { kind, id } = target(c);
    const body = await readBody(c, rejectBody);
    return ok(c, await rejecters[kind](id, body.reason || undefined));
  });

  app.post("/loan/:id/repay", async (c) => {
    const { id } = target({ req: { param: (n: string) => (n === "kind" ? "loan" : c.req.param("id")) } });
    return ok(c, await s.loans.repay(id));
  });

  // Products: offers, IPOs, allotment, funds, news, chat replies (http/products.ts).
  app.route("/", productOperatorRoutes(s));

  // Two-factor reset after an identity check (docs/decisions/0271): the note is kept in an audit line of its own.
  app.post("/two-factor/reset", async (c) => {
    const body = await readBody(c, twoFactorResetBody);
    const reply = await s.twoFactor.operatorReset(body.user);
    const note = body.identity_check.replace(/[^\x20-\x7e]/g, "?").replace(/"/g, "'");
    audit(`[operator] two-factor reset for user ${maskPhone(body.user)} by ${who}; identity check: "${note}"`);
    return ok(c, reply);
  });

  // Prices for tests and demos: the market moves when the operator says (every provider on the database follows).
  app.post("/price", async (c) => {
    const body = await readBody(c, priceBody);
    return ok(c, await s.pricePaths.set({ symbol: body.symbol, prices: body.prices, stepSeconds: body.step_seconds }));
  });

  app.post("/price/clear", async (c) => {
    return ok(c, await s.pricePaths.clear((await readBody(c, clearPriceBody)).symbol));
  });

  app.get("/prices", (c) => ok(c, s.pricePaths.list()));

  // An open order ended now, as at its expiry (tests and demos cannot wait for a close).
  app.post("/orders/expire", async (c) => ok(c, await s.trading.expireNow((await readBody(c, expireOrderBody)).no)));

  app.post("/config", async (c) => {
    const body = await readBody(c, configBody);
    return ok(c, await s.wallet.setConfig(body));
  });

  return app;
}

/** This module's routes and the schemas they read, for the OpenAPI document (http/openapi.ts). */
const reviewPath = z.object({ kind: z.enum(REVIEW_KINDS), id: z.string() });
export const operatorContract: RouteContract[] = [
  operatorRoute("get", "/otp", "A customer's newest one-time code", { query: otpQuery }),
  operatorRoute("post", "/invitation-codes", "Add an invitation code", { body: invitationCodeBody }),
  operatorRoute("post", "/credit", "Credit or debit a customer", { body: creditBody }),
  operatorRoute("get", "/pending", "What waits for a decision"),
  operatorRoute("post", "/:kind/:id/approve", "Approve a record", { body: approveBody, params: reviewPath }),
  operatorRoute("post", "/:kind/:id/reject", "Reject a record", { body: rejectBody, params: reviewPath }),
  operatorRoute("post", "/loan/:id/repay", "Repay a loan from the wallet", { params: z.object({ id: z.string() }) }),
  operatorRoute("post", "/two-factor/reset", "Turn a customer's two-factor off", { body: twoFactorResetBody }),
  operatorRoute("post", "/price", "Set an instrument's price path", { body: priceBody }),
  operatorRoute("post", "/price/clear", "Give an instrument back to the simulator", { body: clearPriceBody }),
  operatorRoute("get", "/prices", "The price paths in force"),
  operatorRoute("post", "/orders/expire", "End an open order now, as at its expiry", { body: expireOrderBody }),
  operatorRoute("post", "/config", "Set a config value", { body: configBody }),
];
