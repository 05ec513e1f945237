/** Tests of app/routes/loan.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "INR";
});

import { ProviderError } from "~/provider/core.server";
import {
  type ReplyJson,
  expectSentToLogin,
  fieldErrors,
  load,
  post,
  sessionCookie,
  toastText,
  useRealProvider,
  type Route,
  post as postAs,
  useScriptedProvider,
} from "~/testing/route-harness";

import { action as loanAction, loader as loanLoader, type LoanPageData } from "./loan";
import { loader as loanRecordsLoader } from "./loan-records";
import { loader as loanApplicationLoader } from "./LoanApplication";
import enCommon from "../../locales/en/common.json";
import enWallet from "../../locales/en/wallet.json";
import { newTrader } from "../../provider/tests/helpers";

describe("on a real provider", () => {
  const provider = useRealProvider();

  /** A fresh customer with `balance`, signed in: the session cookie, the user id, the phone and the provider token. */
  async function customer(balance = "100000.00") {
    const trader = await newTrader(provider, balance);
    return { cookie: await sessionCookie(trader), ...trader };
  }

  const toastOf = (response: Response) => toastText(response, { common: enCommon, wallet: enWallet });

  const KEY_PATTERN = /[?&]key=([0-9a-f-]{36})$/;

  describe("(auth) wallet screens", () => {
    it.each([["/loan", loanLoader]] as const)("a visitor on %s is sent to log in", (path, loader) =>
      expectSentToLogin(loader as Route, path),
    );
  });

  describe("loans", () => {
    it("summary, minimum 500 in the product's words, one application per key, and the same records at both addresses", async () => {
      const { cookie } = await customer("0");
      const page = await load<LoanPageData>(loanLoader, "/loan?apply=1", cookie);
      expect(page).toMatchObject({
        summary: { amountDue: "0.00", creditScore: 100, remainingAmount: "50000.00" },
        latest: 0,
        applying: true,
      });
      expect(
        await fieldErrors(await post(loanAction, "/loan?apply=1", { intent: "review", amount: "499" }, cookie)),
      ).toMatchObject({
        amount: ["The minimum loan amount is ₹500"],
      });
      expect(
        await fieldErrors(await post(loanAction, "/loan?apply=1", { intent: "review", amount: "" }, cookie)),
      ).toMatchObject({ amount: ["Please enter loan amount"] });
      // More than the remaining amount: said on the field, before the review.
      expect(
        await fieldErrors(await post(loanAction, "/loan?apply=1", { intent: "review", amount: "50001" }, cookie)),
      ).toMatchObject({
        amount: ["The maximum loan amount is ₹50,000.00"],
      });

      const location = (
        await post(loanAction, "/loan?apply=1", { intent: "review", amount: "500" }, cookie)
      ).headers.get("Location")!;
      expect(location).toMatch(/^\/loan\?amount=500&step=review&key=/);
      const key = KEY_PATTERN.exec(location)![1];
      const confirm = { intent: "confirm", amount: "500", idempotency_key: key };
      const done = await post(loanAction, location, confirm, cookie);
      expect(done.headers.get("Location")).toBe("/loan-records");
      expect(await toastOf(done)).toBe("Loan application submitted successfully");
      // Confirming again replays the application (not "already under review").
      expect((await post(loanAction, location, confirm, cookie)).headers.get("Location")).toBe("/loan-records");

      const records = await load<{ rows: { amount: string; state: number }[] }>(
        loanRecordsLoader,
        "/loan-records",
        cookie,
      );
      expect(records.rows).toEqual([expect.objectContaining({ amount: "500.00", state: 1 })]);
      expect(await load(loanApplicationLoader, "/LoanApplication", cookie)).toEqual(records);
      expect((await load<LoanPageData>(loanLoader, "/loan", cookie)).latest).toBe(1);
      // While it is under review, no second application is offered: no step, no review, refused before the review.
      const next = "/loan?amount=600&step=review&key=0b6f3c1e-8d2a-4c5b-9e7f-1a2b3c4d5e6f";
      expect(await load<LoanPageData>(loanLoader, "/loan?apply=1", cookie)).toMatchObject({
        applying: false,
        review: null,
      });
      expect((await load<LoanPageData>(loanLoader, next, cookie)).review).toBeNull();
      const second = await post(loanAction, "/loan?apply=1", { intent: "review", amount: "600" }, cookie);
      expect(second.status).toBe(400);
      expect(((await second.json()) as ReplyJson).result.error).toMatchObject({
        "": ["Your loan application is under review. You can apply again once it has been decided."],
      });
      // Confirmed anyway (a page kept open from before): the provider's message on the review.
      const pending = await post(
        loanAction,
        next,
        { intent: "confirm", amount: "600", idempotency_key: "0b6f3c1e-8d2a-4c5b-9e7f-1a2b3c4d5e6f" },
        cookie,
      );
      expect(((await pending.json()) as ReplyJson).result.error).toMatchObject({
        "": ["You already have a loan application under review"],
      });
    });
  });
});

describe("when the provider fails", () => {
  const { provider, session } = useScriptedProvider();
  const post = (action: Route, path: string, fields: Record<string, string>) =>
    postAs(action, path, fields, session.cookie);
  const formErrors = async (response: Response) => ((await response.json()) as ReplyJson).result.error?.[""] ?? null;

  const KEY = "0b5c1f0e-1111-4222-8333-444455556666";
  const CONFIG = [
    { tag: "min_withdraw_count", value: "100" },
    { tag: "min_recharge_count", value: "5000" },
    { tag: "min_loan_count", value: "500" },
    { tag: "convert_rate", value: "20" },
  ];
  const CARD = {
    id: 3,
    bank: "HDFC Bank",
    type: "HDFC Bank",
    branch_bank: "",
    bank_card: "501001234567",
    bank_user: "Asha Rao",
    ifsc: "HDFC0000060",
    status: 1,
    reason: null,
    created_at: "",
    updated_at: "",
  };

  /** The provider of the money screens: config, cards, and `money` for the POST under test. */
  function walletProvider(money: (path: string) => unknown) {
    provider.respond((call) => {
      if (call.path === "/v2/config") return CONFIG;
      if (call.path === "/stock/success/bank/list") return [CARD];
      if (call.path === "/stock/success/v2/user/info")
        return {
          user: "9876543210",
          no: 1,
          img: "",
          total: "1000.00",
          money: "1000.00",
          loan: "0.00",
          market_value: "0.00",
          held: "0.00",
        };
      return money(call.path);
    });
  }

  describe("money confirms", () => {
    it.each([["loan", loanAction, "/loan", { amount: "500" }, "Failed to submit loan application"]] as const)(
      "a %s refused with a code of no message of its own says the screen's fallback",
      async (_name, action, path, fields, message) => {
        walletProvider(() => {
          throw new ProviderError("something_new");
        });
        const response = await post(action, path, { intent: "confirm", ...fields, idempotency_key: KEY });
        expect(response.status).toBe(400);
        expect(await formErrors(response)).toEqual([message]);
      },
    );
  });
});
