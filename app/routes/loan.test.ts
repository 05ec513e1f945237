/** Tests of app/routes/loan.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it } from "vitest";

import { ProviderError } from "~/provider/core.server";
import {
  expectSentToLogin,
  failWith,
  fieldErrors,
  load,
  refusedForm,
  type ReplyJson,
  REVIEW_KEY_PATTERN,
  SCRIPTED_REVIEW_KEY,
  scriptWallet,
  useRouteFixture,
  useScriptedProvider,
} from "~/testing/route-harness";
import { mintReviewKey } from "~/session/review-key.server";

import { action as loanAction, loader as loanLoader, type LoanPageData } from "./loan";
import { loader as loanRecordsLoader } from "./loan-records";
import { loader as loanApplicationLoader } from "./LoanApplication";

describe("on a real provider", () => {
  const { customer, post, toast } = useRouteFixture();

  describe("(auth) wallet screens", () => {
    it("a visitor on /loan is sent to log in", () => expectSentToLogin(loanLoader, "/loan"));
  });

  describe("loans", () => {
    it("summary, minimum 500 in the product's words, one application per key, and the same records at both addresses", async () => {
      const { cookie, token } = await customer("0");
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
      const key = REVIEW_KEY_PATTERN.exec(location)![1];
      const confirm = { intent: "confirm", amount: "500", idempotency_key: key };
      const done = await post(loanAction, location, confirm, cookie);
      expect(done.headers.get("Location")).toBe("/loan-records");
      expect(await toast(done)).toBe("Loan application submitted successfully");
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
      const nextKey = mintReviewKey(token);
      const next = `/loan?amount=600&step=review&key=${nextKey}`;
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
        { intent: "confirm", amount: "600", idempotency_key: nextKey },
        cookie,
      );
      expect(((await pending.json()) as ReplyJson).result.error).toMatchObject({
        "": ["You already have a loan application under review"],
      });
    });
  });
});

describe("when the provider fails", () => {
  const { provider, post } = useScriptedProvider();

  const KEY = SCRIPTED_REVIEW_KEY;
  const walletProvider = (money: (path: string) => unknown) => scriptWallet(provider, money);

  describe("money confirms", () => {
    it("a confirm refused with a code of no message of its own says 'Failed to submit loan application'", async () => {
      walletProvider(failWith(new ProviderError("something_new")));
      const response = await post(loanAction, "/loan", { intent: "confirm", amount: "500", idempotency_key: KEY });
      expect(await refusedForm(response)).toMatchObject({ error: { "": ["Failed to submit loan application"] } });
    });
  });
});
