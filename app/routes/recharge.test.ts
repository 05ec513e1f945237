/** Tests of app/routes/recharge.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it } from "vitest";

import { ProviderError, ProviderUnavailableError } from "~/provider/core.server";
import { mintReviewKey } from "~/session/review-key.server";
import {
  expectSentToLogin,
  failWith,
  fieldErrors,
  load,
  locationOf,
  refusedForm,
  type ReplyJson,
  REVIEW_KEY_PATTERN,
  SCRIPTED_REVIEW_KEY,
  scriptWallet,
  transfersOf,
  useRouteFixture,
  useScriptedProvider,
} from "~/testing/route-harness";

import { action as rechargeAction, loader as rechargeLoader, type RechargePageData } from "./recharge";
import { loader as rechargeRecordsLoader } from "./recharge-records.($type)";

describe("on a real provider", () => {
  const { provider, customer, post, confirm, toast } = useRouteFixture();

  describe("(auth) wallet screens", () => {
    it("a visitor on /recharge is sent to log in", () => expectSentToLogin(rechargeLoader, "/recharge"));
  });

  describe("recharge", () => {
    it("says what is wrong with the amount and the method, in the product's words", async () => {
      const { cookie } = await customer();
      const review = { intent: "review", method: "bank" };
      expect(
        await fieldErrors(await post(rechargeAction, "/recharge", { ...review, amount: "" }, cookie)),
      ).toMatchObject({ amount: ["Please enter recharge amount"] });
      expect(
        await fieldErrors(await post(rechargeAction, "/recharge", { ...review, amount: "50a0" }, cookie)),
      ).toMatchObject({
        amount: ["Please enter correct recharge amount"],
      });
      expect(
        await fieldErrors(await post(rechargeAction, "/recharge", { ...review, amount: "5000.5" }, cookie)),
      ).toMatchObject({
        amount: ["Please enter correct recharge amount"],
      });
      const below = await post(rechargeAction, "/recharge", { ...review, amount: "4999" }, cookie);
      const belowReply = (await below.clone().json()) as ReplyJson;
      expect(await fieldErrors(below)).toMatchObject({ amount: ["The minimum recharge amount is ₹5000"] });
      // What was typed comes back as typed.
      expect(belowReply.result.initialValue).toMatchObject({ amount: "4999" });
      expect(
        await fieldErrors(await post(rechargeAction, "/recharge", { intent: "review", amount: "6000" }, cookie)),
      ).toMatchObject({
        method: ["Please select recharge method"],
      });
    });

    it("review mints one key per intent; reloading and confirming twice with it makes one recharge; success goes to the records", async () => {
      const { cookie, id } = await customer();
      const location = await locationOf(
        post(rechargeAction, "/recharge", { intent: "review", method: "bank", amount: "5000" }, cookie),
      );
      expect(location).toMatch(/^\/recharge\?method=bank&amount=5000&step=review&key=[0-9a-f-]{36}_[\w-]{22}$/);
      const key = REVIEW_KEY_PATTERN.exec(location)![1];

      const page = await load<RechargePageData>(rechargeLoader, location, cookie);
      expect(page.review).toEqual({ key, amount: "5000" });
      // A reload shows the same key; a review URL under the minimum or without a key shows the form instead.
      expect((await load<RechargePageData>(rechargeLoader, location, cookie)).review?.key).toBe(key);
      expect(
        (
          await load<RechargePageData>(
            rechargeLoader,
            "/recharge?method=bank&amount=4000&step=review&key=" + key,
            cookie,
          )
        ).review,
      ).toBeNull();
      expect(
        (await load<RechargePageData>(rechargeLoader, "/recharge?method=bank&amount=5000&step=review", cookie)).review,
      ).toBeNull();

      const confirm = { intent: "confirm", method: "bank", amount: "5000", idempotency_key: key };
      const first = await post(rechargeAction, location, confirm, cookie);
      expect(first.status).toBe(302);
      expect(first.headers.get("Location")).toBe("/recharge-records");
      expect(await toast(first)).toBe("Recharge request submitted successfully");
      const again = await post(rechargeAction, location, confirm, cookie);
      expect(again.status).toBe(302);
      expect(await transfersOf(provider, id, "recharge")).toHaveLength(1);

      // A second review is a new intent with a new key: a second recharge.
      const second = (
        await post(rechargeAction, "/recharge", { intent: "review", method: "bank", amount: "5000" }, cookie)
      ).headers.get("Location")!;
      expect(REVIEW_KEY_PATTERN.exec(second)![1]).not.toBe(key);

      const records = await load<{ tab: string; rows: { amount: string; state: string; status: number }[] }>(
        rechargeRecordsLoader,
        "/recharge-records",
        cookie,
      );
      expect(records.tab).toBe("recharge");
      expect(records.rows).toEqual([expect.objectContaining({ amount: "5000.00", state: "pending", status: 1 })]);
    });

    it("a confirm whose key was tampered with is refused before anything is sent", async () => {
      const { cookie, id } = await customer();
      const response = await post(
        rechargeAction,
        "/recharge",
        { intent: "confirm", method: "bank", amount: "5000", idempotency_key: "x" },
        cookie,
      );
      expect(await fieldErrors(response)).toMatchObject({
        idempotency_key: ["This request is incomplete. Please start again."],
      });
      expect(await transfersOf(provider, id, "recharge")).toHaveLength(0);
    });

    it("with 10 recharges waiting for review, an 11th is refused on the amount with what is true (issue 38)", async () => {
      const { cookie, id, token } = await customer();
      const review = () => `/recharge?method=bank&amount=5000&step=review&key=${mintReviewKey(token)}`;
      const send = () => confirm(rechargeAction, review(), { method: "bank", amount: "5000" }, cookie);
      for (let i = 0; i < 10; i++) expect((await send()).status).toBe(302);
      const refused = await send();
      const reply = (await refused.json()) as ReplyJson & { form?: string };
      // The review closes: the amount form answers (400), with the amount as typed.
      expect([refused.status, reply.form]).toEqual([400, "amount"]);
      expect(reply.result.error).toEqual({
        amount: ["You have 10 recharges waiting for review. You can ask for another when one of them is decided."],
      });
      expect(reply.result.initialValue).toMatchObject({ method: "bank", amount: "5000" });
      expect(await transfersOf(provider, id, "recharge")).toHaveLength(10);
    });

    it("a review confirmed after another customer signed in on this browser moves nothing (issue 38 item 7)", async () => {
      const first = await customer();
      const location = (
        await post(rechargeAction, "/recharge", { intent: "review", method: "bank", amount: "6000" }, first.cookie)
      ).headers.get("Location")!;
      const key = REVIEW_KEY_PATTERN.exec(location)![1];
      const confirm = { intent: "confirm", method: "bank", amount: "6000", idempotency_key: key };

      // The browser now carries another customer's session; the first customer's review is still on screen.
      const second = await customer();
      const refused = await post(rechargeAction, location, confirm, second.cookie);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as ReplyJson).result.error).toEqual({
        "": [
          "This review was made in another sign-in on this device, so nothing was sent and no money moved. Start again to go ahead.",
        ],
      });
      expect(await transfersOf(provider, second.id, "recharge")).toHaveLength(0);
      expect(await transfersOf(provider, first.id, "recharge")).toHaveLength(0);

      // The session that made the review confirms it.
      const done = await post(rechargeAction, location, confirm, first.cookie);
      expect(done.headers.get("Location")).toBe("/recharge-records");
      expect(await transfersOf(provider, first.id, "recharge")).toHaveLength(1);
    });
  });
});

describe("when the provider fails", () => {
  const { provider, get, post, formErrors } = useScriptedProvider();

  const KEY = SCRIPTED_REVIEW_KEY;
  const TRANSFER = {
    id: 7,
    type: "recharge",
    count: "5000.00",
    status: 1,
    state: "pending",
    reason: null,
    created_at: "2026-11-20T09:15:00.000Z",
    updated_at: "2026-11-20T09:15:00.000Z",
    processed_at: null,
  };
  const walletProvider = (money: (path: string) => unknown) => scriptWallet(provider, money);

  describe("money confirms", () => {
    it("a recharge whose reply never comes is asked again with the same key, then said to be unknown (503), never failed", async () => {
      walletProvider(() => {
        throw new ProviderUnavailableError("timeout", "", { unknownOutcome: true });
      });
      const response = await post(rechargeAction, `/recharge?method=bank&amount=5000&step=review&key=${KEY}`, {
        intent: "confirm",
        method: "bank",
        amount: "5000",
        idempotency_key: KEY,
      });
      expect(response.status).toBe(503);
      const body = (await response.clone().json()) as ReplyJson & { outcome?: string; form?: string };
      expect(body).toMatchObject({ outcome: "unknown", form: "confirm" });
      expect(await formErrors(response)).toEqual([
        "We could not find out whether your request went through. Check your records before trying again; confirming again cannot submit it twice.",
      ]);
      const sent = provider.calls.filter((call) => call.path === "/stock/success/v2/recharge/add");
      expect(sent.map((call) => call.body)).toEqual([
        { count: "5000", idempotency_key: KEY },
        { count: "5000", idempotency_key: KEY },
      ]);
    });

    it("a lost first reply and an answered second one is a success", async () => {
      let calls = 0;
      walletProvider(() => {
        calls += 1;
        if (calls === 1) throw new ProviderUnavailableError("network", "", { unknownOutcome: true });
        return TRANSFER;
      });
      const response = await post(rechargeAction, "/recharge", {
        intent: "confirm",
        method: "bank",
        amount: "5000",
        idempotency_key: KEY,
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/recharge-records");
    });

    it("a confirm refused with a code of no message of its own says 'Failed to submit recharge request'", async () => {
      walletProvider(failWith(new ProviderError("something_new")));
      const response = await post(rechargeAction, "/recharge", {
        intent: "confirm",
        method: "bank",
        amount: "5000",
        idempotency_key: KEY,
      });
      expect(await refusedForm(response)).toMatchObject({ error: { "": ["Failed to submit recharge request"] } });
    });

    it("when the configuration cannot be read the product's minimums still apply", async () => {
      provider.respond((call) => {
        if (call.path === "/v2/config") throw new ProviderUnavailableError("server_error");
        return {};
      });
      const data = (await (await get(rechargeLoader, "/recharge")).json()) as RechargePageData;
      expect(data.settings).toEqual({ minRecharge: "5000", minWithdraw: "100", minLoan: "500", convertRate: "20" });
      const below = await post(rechargeAction, "/recharge", { intent: "review", method: "bank", amount: "4999" });
      expect(((await below.json()) as ReplyJson).result.error).toMatchObject({
        amount: ["The minimum recharge amount is ₹5000"],
      });
    });
  });
});
