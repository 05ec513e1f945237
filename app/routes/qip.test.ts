/** Tests of app/routes/qip.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it } from "vitest";

import type { BlockOrdersData } from "~/features/products/block-orders.server";
import type { BlockScreenData } from "~/features/products/block.server";
import { blockMaximum } from "~/features/products/quantity";
import { ProviderError } from "~/provider/core.server";
import {
  expectSentToLogin,
  getRequest,
  load,
  post,
  ProviderCall,
  type ReplyJson,
  SCRIPTED_REVIEW_KEY,
  settle,
  TX_PASSWORD,
  useRouteFixture,
  useScriptedProvider,
} from "~/testing/route-harness";

import { loader as qipLoader, action as qipAction } from "./qip";
import { loader as qipOrdersLoader } from "./qip_.orders";
import enProducts from "../../locales/en/products.json";

describe("on a real provider", () => {
  const { provider, buyer, post, confirm, toast } = useRouteFixture();

  describe("(auth) product screens", () => {
    it("a visitor on /qip is sent to log in", () => expectSentToLogin(qipLoader, "/qip"));
  });

  it("lists the finalize offers (the block trading screen over QIP offers)", async () => {
    provider.clock.set(new Date("2026-11-02T04:00:00Z"));
    const { cookie } = await buyer();
    const qip = await load<BlockScreenData>(qipLoader, "/qip", cookie);
    expect(qip.offers.map((offer) => [offer.display, offer.minimum])).toEqual([
      ["INFY", 100],
      ["HDFCBANK", 150],
      ["NVDA", 100],
    ]);
  });

  // docs/decisions/0300. At 09:15 UTC on 2026-11-20 the simulator quotes USDINR=X at 88.4507.
  it("a US QIP from a rupee wallet: the maximum, the review, the toast and the orders in rupees at the provider's rate", async () => {
    provider.clock.set(new Date("2026-11-20T09:15:00Z"));
    const { cookie } = await buyer("5000000.00");
    const rate = "1 USD = 88.4507 INR, market rate at";
    // floor(5000000.00 / (174.80 × 88.4507 × 1.0003)) = floor(323.2…) = 323 (against dollars: 28595).
    const step = await load<BlockScreenData>(qipLoader, "/qip?buy=9", cookie);
    expect(step.buy).toMatchObject({
      maximum: 323,
      balance: "5000000.00",
      offer: { display: "NVDA", price: "174.80" },
    });
    expect(step.buy?.exchange?.words).toMatch(new RegExp(`^${rate} \\d\\d:\\d\\d$`));

    const reviewed = await post(qipAction, "/qip?buy=9", { intent: "review", buy: "9", quantity: "100" }, cookie);
    const location = reviewed.headers.get("Location")!;
    const page = await load<BlockScreenData>(qipLoader, location, cookie);
    // $: 17480.00 + 5.24 = 17485.24. ₹: 17480 × 88.4507 = 1546118.236 → 1546118.24; fee 463.84; 1546582.08.
    expect(page.review).toMatchObject({
      estimate: { total: "17480.00", fee: "5.24", net: "17485.24" },
      wallet: { total: "1546118.24", fee: "463.84", net: "1546582.08" },
      balance: "5000000.00",
    });

    // Confirm with the transaction password and the key the review's address carries.
    const purchase = { buy: "9", quantity: "100", stock_password: TX_PASSWORD };
    const bought = await confirm(qipAction, location, purchase, cookie);
    expect(bought.headers.get("Location")).toBe("/qip/orders");
    expect(await toast(bought)).toBe(
      `Purchase successful: 100 NVDA at $174.80, $17,485.24 with the fee; ₹15,46,582.08 from your wallet (${rate} 14:45)`,
    );
    const orders = await load<BlockOrdersData>(qipOrdersLoader, "/qip/orders", cookie);
    expect(orders.rows.map((row) => [row.display, row.cost, row.wallet?.cost, row.rateText])).toEqual([
      ["NVDA", "17485.24", "1546582.08", `${rate} 14:45`],
    ]);
  });
});

describe("when the provider fails", () => {
  const { provider, session } = useScriptedProvider();

  const KEY = SCRIPTED_REVIEW_KEY;
  const INFY = {
    id: 7,
    tag: "INFY.NS",
    name: "Infosys Ltd",
    type: "IN",
    mold: "finalize",
    price: "1475.00",
    count: 100,
    status: 1,
    opens_at: "2026-11-01T00:00:00.000Z",
    closes_at: "2027-11-01T00:00:00.000Z",
  };
  const fail = (code: string, field?: string) => () => {
    throw new ProviderError(code, { field });
  };

  /** The provider of the QIP screen: one offer, a balance, the fee rate, a set password, and `buy` for the purchase. */
  function qipProvider(buy: (call: ProviderCall) => unknown, balance = "1000000.00") {
    provider.respond((call) => {
      if (call.path === "/stock/success/stock/list") return { rows: [INFY], count: 1 };
      if (call.path === "/stock/success/v2/balance") return { balance };
      if (call.path === "/v2/config") return [{ tag: "fee_rate", value: "0.0003" }];
      if (call.path === "/stock/success/user/transaction-password") return { is_set: true };
      if (call.path === "/stock/success/deal/buy") return buy(call);
      throw new Error(`unexpected call ${call.path}`);
    });
  }

  const reviewUrl = `/qip?buy=7&quantity=100&step=review&key=${KEY}`;
  const confirmQip = (password = "246810") =>
    post(
      qipAction,
      reviewUrl,
      { intent: "confirm", buy: "7", quantity: "100", stock_password: password, idempotency_key: KEY },
      session.cookie,
    );

  describe("QIP purchase failures", () => {
    it.each([
      ["stock_key", undefined, "", "Incorrect authorization key"],
      ["time_no", undefined, "", "No available time"],
      ["not_sufficient_funds", undefined, "", "Insufficient funds"],
      ["rete_no", undefined, "", "Exchange rate has not been updated"],
      ["password_no", "stock_password", "stock_password", "Incorrect password"],
      ["password_not_set", "stock_password", "stock_password", "You have not set a transaction password yet"],
      ["something_new", undefined, "", "Purchase failed"],
    ])("%s: the review stays with its message", async (code, field, on, message) => {
      qipProvider(fail(code, field));
      const response = await confirmQip();
      expect(response.status).toBe(400);
      const body = (await response.json()) as ReplyJson & { form: string };
      expect(body.form).toBe("confirm");
      expect(body.result.error?.[on]).toEqual([message]);
      expect(body.result.initialValue?.stock_password).toBeUndefined();
      // What the app sent: the contract's purchase body with the intent's key.
      expect(provider.calls.find((call) => call.path === "/stock/success/deal/buy")?.body).toEqual({
        id: 7,
        tag: "INFY.NS",
        count: 100,
        price: "1475.00",
        mold: "finalize",
        stock_password: "246810",
        idempotency_key: KEY,
      });
    });

    it("no answer at all: asked again with the same key, then 'we could not find out', never 'failed'", async () => {
      provider.reply("/stock/success/deal/buy", { fail: "network" });
      qipProvider(() => ({}));
      const response = await confirmQip();
      expect(response.status).toBe(503);
      const body = (await response.json()) as ReplyJson & { outcome: string };
      expect(body.outcome).toBe("unknown");
      expect(body.result.error?.[""]).toEqual([enProducts.review.outcomeUnknown]);
      const sent = provider.calls
        .filter((call) => call.path === "/stock/success/deal/buy")
        .map((call) => (call.body as { idempotency_key: string }).idempotency_key);
      expect(sent).toEqual([KEY, KEY]);
    });

    it("the maximum quantity comes from the balance: floor(balance / (price + 0.03 % of price))", async () => {
      qipProvider(() => ({}), "150000.00");
      const page = (await (
        await settle(() => qipLoader({ request: getRequest("/qip?buy=7", session.cookie), params: {}, context: {} }))
      ).json()) as BlockScreenData;
      // 150000.00 / 1475.4425 = 101.66…
      expect(page.buy).toMatchObject({ maximum: 101, balance: "150000.00", quantity: "100" });
      expect(blockMaximum("1000.00", "333.33", "0.0003")).toBe(2);
      expect(blockMaximum("1000.30", "10.00", "0.0003")).toBe(100);
      expect(blockMaximum("1000.29", "10.00", "0.0003")).toBe(99);
      expect(blockMaximum("0.00", "10.00", "0.0003")).toBe(0);
    });
  });
});
