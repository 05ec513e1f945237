/** Tests of app/routes/fund-investment/route.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it } from "vitest";

import { ProviderError } from "~/provider/core.server";
import {
  expectSentToLogin,
  load,
  locationOf,
  post,
  refusedForm,
  type ReplyJson,
  REVIEW_KEY,
  SCRIPTED_REVIEW_KEY,
  useRouteFixture,
  useScriptedProvider,
} from "~/testing/route-harness";

import { action as fundsAction, loader as fundsLoader } from "./route";
import { loader as fundOrdersLoader, type FundOrdersData } from "../fund-investment_.orders";
import type { FundsPageData } from "./route";

describe("on a real provider", () => {
  const { buyer: customer, post, toast } = useRouteFixture();

  const queryOf = (location: string) => Object.fromEntries(new URL(location, "http://localhost").searchParams);

  describe("(auth) product screens", () => {
    it("a visitor on /fund-investment is sent to log in", () => expectSentToLogin(fundsLoader, "/fund-investment"));
  });

  describe("funds", () => {
    it("lists the funds with their terms; the sold-out one cannot be bought", async () => {
      const { cookie } = await customer();
      const page = await load<FundsPageData>(fundsLoader, "/fund-investment", cookie);
      expect(
        page.funds.map((fund) => [fund.name, fund.days, fund.minReturn, fund.maxReturn, fund.amount, fund.soldOut]),
      ).toEqual([
        ["Liquid Plus 14-Day Fund", 14, "1.00", "1.50", "5000.00", false],
        ["Short-Term Income Fund", 90, "3.50", "4.50", "10000.00", false],
        ["Balanced Advantage Fund", 180, "6.00", "9.00", "25000.00", false],
        ["Bluechip Equity Fund", 365, "10.00", "16.00", "50000.00", false],
        ["Infrastructure Opportunities Fund", 720, "18.00", "26.00", "100000.00", true],
      ]);
      const soldOut = page.funds[4];
      const refused = await refusedForm(
        await post(fundsAction, "/fund-investment", { intent: "review", invest: String(soldOut.id) }, cookie),
      );
      expect(refused.error?.[""]).toEqual(["Sold out"]);
    });

    it("invest: review, confirm twice with one key, one order in the active tab; the other tabs are empty", async () => {
      const { cookie } = await customer("1000000.00");
      const fund = (await load<FundsPageData>(fundsLoader, "/fund-investment", cookie)).funds[1];
      const reviewed = await post(
        fundsAction,
        "/fund-investment",
        { intent: "review", invest: String(fund.id) },
        cookie,
      );
      const location = reviewed.headers.get("Location")!;
      expect(location).toMatch(new RegExp(`^/fund-investment\\?invest=${fund.id}&step=review&key=${REVIEW_KEY}$`));
      const { key } = queryOf(location);
      expect((await load<FundsPageData>(fundsLoader, location, cookie)).review).toMatchObject({
        key,
        fund: { name: "Short-Term Income Fund" },
      });

      const confirm = () =>
        post(fundsAction, location, { intent: "confirm", invest: String(fund.id), idempotency_key: key }, cookie);
      const first = await confirm();
      expect(first.headers.get("Location")).toBe("/fund-investment/orders");
      expect(await toast(first)).toBe("Investment successful: ₹10,000.00 in Short-Term Income Fund");
      expect((await confirm()).status).toBe(302);

      const all = await load<FundOrdersData>(fundOrdersLoader, "/fund-investment/orders", cookie);
      // Expected return at the range's midpoint (4.00 %) of 10000.00.
      expect(
        all.rows.map((row) => [
          row.name,
          row.days,
          row.amount,
          row.expectedReturn,
          row.minReturn,
          row.maxReturn,
          row.status,
        ]),
      ).toEqual([["Short-Term Income Fund", 90, "10000.00", "400.00", "3.50", "4.50", "active"]]);
      expect(
        (await load<FundOrdersData>(fundOrdersLoader, "/fund-investment/orders?tab=active", cookie)).rows,
      ).toHaveLength(1);
      expect(
        (await load<FundOrdersData>(fundOrdersLoader, "/fund-investment/orders?tab=completed", cookie)).rows,
      ).toEqual([]);
      expect(
        (await load<FundOrdersData>(fundOrdersLoader, "/fund-investment/orders?tab=cancelled", cookie)).rows,
      ).toEqual([]);
    });

    it("issue 38 item 5: a fund that costs more than the balance is refused on Invest, and its review URL is no review", async () => {
      const { cookie } = await customer("7500.00");
      const funds = (await load<FundsPageData>(fundsLoader, "/fund-investment", cookie)).funds;
      const [liquid, shortTerm] = funds;
      const review = (fund: { id: number }) =>
        post(fundsAction, "/fund-investment", { intent: "review", invest: String(fund.id) }, cookie);
      expect((await refusedForm(await review(shortTerm))).error?.[""]).toEqual([
        "Short-Term Income Fund invests ₹10,000.00, more than your available balance of ₹7,500.00: recharge first.",
      ]);
      const url = `/fund-investment?invest=${shortTerm.id}&step=review&key=0b5c1f0e-1111-4222-8333-444455556666`;
      const page = await load<FundsPageData>(fundsLoader, url, cookie);
      expect(page.review).toBeNull();
      expect(page.investShort).toBe(
        "Short-Term Income Fund invests ₹10,000.00, more than your available balance of ₹7,500.00: recharge first.",
      );
      // ₹5,000.00 is covered: reviewed with the balance beside it.
      const reviewed = await load<FundsPageData>(fundsLoader, await locationOf(review(liquid)), cookie);
      expect(reviewed.review).toMatchObject({ fund: { name: "Liquid Plus 14-Day Fund" }, balance: "7500.00" });
      expect(reviewed.investShort).toBeNull();
    });
  });
});

describe("when the provider fails", () => {
  const { provider, session } = useScriptedProvider();

  const KEY = SCRIPTED_REVIEW_KEY;

  describe("orders and funds failures", () => {
    it.each([
      ["not_sufficient_funds", "Investment failed: Insufficient funds"],
      ["sold_out", "Investment failed: This product is sold out"],
      ["something_new", "Investment failed"],
    ])("a refused fund purchase (%s) is the investment-failed message", async (code, message) => {
      provider.respond((call) => {
        if (call.path === "/v2/fund/list")
          return {
            rows: [
              {
                id: 3,
                name: "Balanced Advantage Fund",
                min_return: "6.00",
                max_return: "9.00",
                investment_period: 180,
                amount: "25000.00",
                issue_amount: "50000000.00",
                sold_amount: "0.00",
                status: "open",
              },
            ],
            count: 1,
          };
        if (call.path === "/stock/success/fund/purchase") throw new ProviderError(code);
        throw new Error(`unexpected call ${call.path}`);
      });
      const response = await post(
        fundsAction,
        `/fund-investment?invest=3&step=review&key=${KEY}`,
        { intent: "confirm", invest: "3", idempotency_key: KEY },
        session.cookie,
      );
      expect(response.status).toBe(400);
      expect(((await response.json()) as ReplyJson).result.error?.[""]).toEqual([message]);
      expect(provider.calls.find((call) => call.path === "/stock/success/fund/purchase")?.body).toEqual({
        project_id: 3,
        idempotency_key: KEY,
      });
    });
  });
});
