import { Hono } from "hono";
import { z } from "zod";

import { requireAuth } from "./auth";
import { limitParam, ok, pageParam, readBody, readQuery, secondFactor, type Env, type Services } from "./context";
import { sectionRoutes, type RouteContract } from "./contract";
import { emptyToUndefined, optionalIdempotencyKey as idempotencyKey, secondFactorCode, userId } from "./fields";
import { BILL_KINDS } from "../db/tables/bills";
import { ID_TYPES } from "../db/tables/kyc-records";
import { ProviderError } from "../errors";
import { userInfo } from "../services/wallet";

/** Database ids: a positive 32-bit integer, as a JSON integer or a string of digits (never true, 1e3, "0x10"). */
export const idParam = z
  .union(
    [
      z.number().int(),
      z
        .string()
        .trim()
        .regex(/^\d{1,10}$/),
    ],
    { errorMap: () => ({ message: "an id" }) },
  )
  .transform(Number)
  .pipe(z.number().min(1, "an id").max(2_147_483_647, "an id"));
/** Amounts stay unparsed here: the services read them (digits only) so the rule lives in one place. */
const amount = z.union([z.string().max(40), z.number()], {
  errorMap: () => ({ message: "a whole amount, digits only" }),
});
const text = (max = 100) => z.string().max(max);
// The idempotency key is optional on money requests (docs/decisions/0015).

// Built once, not per request (building a zod schema costs more than running it).
const billQuery = z.object({
  type: z.enum(["all", "income", "expense"]).default("all"),
  kind: z.preprocess(emptyToUndefined, z.enum(BILL_KINDS).optional()),
  page: pageParam,
  limit: limitParam(100, 20),
});
const pageQuery = z.object({ page: pageParam, limit: limitParam(100, 10) });
const amountBody = z.object({ count: amount, idempotency_key: idempotencyKey });
const withdrawBody = z.object({
  bank_id: idParam,
  count: amount,
  idempotency_key: idempotencyKey,
  code: secondFactorCode,
});
const cardFields = {
  bank: text().optional(),
  type: text().optional(),
  branch_bank: text().optional(),
  bank_card: text(40).optional(),
  bank_user: text().optional(),
  ifsc: text(20).optional(),
};
const cardListQuery = z.object({
  status: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]))
      .optional(),
  ),
});
const cardAddBody = z.object({ ...cardFields, code: secondFactorCode });
const cardEditBody = z.object({ id: idParam, ...cardFields, code: secondFactorCode });
const kycBody = z.object({
  real_name: text(),
  id_type: z.preprocess(emptyToUndefined, z.enum(ID_TYPES).optional()),
  id_number: text(40),
  id_number_img: text(200),
  id_number_img_two: text(200),
});
const repayBody = z.object({ id: idParam });

/** A path id that is not a valid id is simply not found. */
function pathId(raw: string | undefined): number {
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw new ProviderError("not_found", "no such record", "id");
  return parsed.data;
}

export function walletRoutes(s: Services) {
  const app = new Hono<Env>();
  const auth = requireAuth(s);

  app.get("/stock/success/v2/user/info", auth, async (c) => {
    const user = await s.accounts.currentUser(c.get("auth"));
    return ok(c, userInfo(user, await s.trading.totals(user)));
  });

  app.get("/stock/success/v2/balance", auth, async (c) =>
    ok(c, { balance: (await s.accounts.currentUser(c.get("auth"))).money }),
  );

  app.get("/stock/success/v2/bill", auth, async (c) => {
    return ok(c, await s.wallet.bills(userId(c), readQuery(c, billQuery)));
  });

  app.get("/v2/config", async (c) => ok(c, await s.wallet.config()));

  // GET /stock/success/kefu (the support link and chat_enabled) lives with the chat: http/chat.ts.

  // ---- recharge and withdraw --------------------------------------------------------------------------------

  app.post("/stock/success/v2/recharge/add", auth, async (c) => {
    return ok(c, await s.funds.requestRecharge(userId(c), await readBody(c, amountBody)));
  });

  app.post("/stock/success/money/access", auth, async (c) => {
    const { code, ...request } = await readBody(c, withdrawBody);
    return ok(c, await s.funds.requestWithdrawal(userId(c), request, secondFactor(c, code)));
  });

  app.get("/stock/success/property/list", auth, async (c) =>
    ok(c, await s.funds.list(userId(c), "recharge", readQuery(c, pageQuery))),
  );

  app.get("/stock/success/property/withdraw", auth, async (c) =>
    ok(c, await s.funds.list(userId(c), "withdraw", readQuery(c, pageQuery))),
  );

  app.get("/stock/success/recharge-withdraw/:id", auth, async (c) =>
    ok(c, await s.funds.details(userId(c), pathId(c.req.param("id")))),
  );

  // ---- bank cards ---------------------------------------------------------------------------------------------

  app.get("/stock/success/bank/list", auth, async (c) => {
    return ok(c, await s.bankCards.list(userId(c), readQuery(c, cardListQuery)));
  });

  app.post("/stock/success/bank/add", auth, async (c) => {
    const { code, ...card } = await readBody(c, cardAddBody);
    return ok(c, await s.bankCards.add(userId(c), card, secondFactor(c, code)));
  });

  app.post("/stock/success/bank/edit", auth, async (c) => {
    const { code, ...card } = await readBody(c, cardEditBody);
    return ok(c, await s.bankCards.edit(userId(c), card, secondFactor(c, code)));
  });

  // ---- real-name verification -----------------------------------------------------------------------------

  app.get("/stock/success/autonomy/state", auth, async (c) => ok(c, await s.kyc.state(userId(c))));

  app.post("/stock/success/autonomy/add", auth, async (c) => {
    return ok(c, await s.kyc.submit(userId(c), await readBody(c, kycBody)));
  });

  // ---- loans ----------------------------------------------------------------------------------------------

  app.get("/stock/success/loans/data", auth, async (c) => ok(c, await s.loans.summary(userId(c))));

  app.post("/stock/success/loans/add", auth, async (c) => {
    return ok(c, await s.loans.apply(userId(c), await readBody(c, amountBody)));
  });

  app.get("/stock/success/loans/list", auth, async (c) =>
    ok(c, await s.loans.list(userId(c), readQuery(c, pageQuery))),
  );

  app.get("/stock/success/loans/:id", auth, async (c) =>
    ok(c, await s.loans.details(userId(c), pathId(c.req.param("id")))),
  );

  app.post("/stock/success/loans/repay", auth, async (c) => {
    const body = await readBody(c, repayBody);
    return ok(c, await s.loans.repay(body.id, userId(c)));
  });

  // ---- transaction password state -------------------------------------------------------------------------

  app.get("/stock/success/user/transaction-password", auth, async (c) =>
    ok(c, await s.security.transactionPasswordState(userId(c))),
  );

  return app;
}

/** This module's routes and the schemas they read, for the OpenAPI document (http/openapi.ts). */
const walletRoute = sectionRoutes("Wallet");
const idPath = z.object({ id: z.string() });
export const walletContract: RouteContract[] = [
  walletRoute("get", "/stock/success/v2/user/info", "The customer and their money"),
  walletRoute("get", "/stock/success/v2/balance", "The available balance"),
  walletRoute("get", "/stock/success/v2/bill", "Bills, newest first", { query: billQuery }),
  { method: "get", path: "/v2/config", summary: "The operator's settings", auth: "none", section: "Wallet" },
  walletRoute("post", "/stock/success/v2/recharge/add", "Ask for a recharge", { body: amountBody }),
  walletRoute("post", "/stock/success/money/access", "Withdraw (held at once)", { body: withdrawBody }),
  walletRoute("get", "/stock/success/property/list", "Recharges", { query: pageQuery }),
  walletRoute("get", "/stock/success/property/withdraw", "Withdrawals", { query: pageQuery }),
  walletRoute("get", "/stock/success/recharge-withdraw/:id", "A recharge or withdrawal", { params: idPath }),
  walletRoute("get", "/stock/success/bank/list", "Bank cards", { query: cardListQuery }),
  walletRoute("post", "/stock/success/bank/add", "Add a bank card", { body: cardAddBody }),
  walletRoute("post", "/stock/success/bank/edit", "Change a bank card", { body: cardEditBody }),
  walletRoute("get", "/stock/success/autonomy/state", "Real-name verification"),
  walletRoute("post", "/stock/success/autonomy/add", "Submit real-name verification", { body: kycBody }),
  walletRoute("get", "/stock/success/loans/data", "Loan summary"),
  walletRoute("post", "/stock/success/loans/add", "Apply for a loan", { body: amountBody }),
  walletRoute("get", "/stock/success/loans/list", "Loans", { query: pageQuery }),
  walletRoute("get", "/stock/success/loans/:id", "A loan", { params: idPath }),
  walletRoute("post", "/stock/success/loans/repay", "Repay a loan", { body: repayBody }),
  walletRoute("get", "/stock/success/user/transaction-password", "Whether a transaction password is set"),
];
