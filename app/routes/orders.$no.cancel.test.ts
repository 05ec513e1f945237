/**
 * /orders/{no}/cancel against a real provider whose RELIANCE.NS the operator holds at ₹2,400 (docs/product.md "Order
 * types"): the confirm step of an open limit buy, a POST its page does not make refused (nothing written), the
 * cancel releasing the reservation with a toast, and the second cancel told plainly. Each test its own customer.
 */
import { describe, expect, it, vi } from "vitest";

vi.mock("@remix-run/react", async () => (await import("~/testing/markup")).remixStandIns);

import { getUserInfo } from "~/provider/wallet.server";
import { getOrders, placeBuyOrder } from "~/provider/trading.server";
import { mintReviewKey } from "~/session/review-key.server";
import { renderScreen } from "~/testing/markup";
import {
  load,
  post,
  providerContext,
  customerWithLimitBuy as customerWithLimitBuy_,
  refusedForm,
  tradeToast,
  useRealProvider,
} from "~/testing/route-harness";

import CancelOrderPage, { action, loader } from "./orders.$no.cancel";
import common from "../../locales/en/common.json";
import trade from "../../locales/en/trade.json";

// Each customer's limit buy is placed after the operator holds RELIANCE.NS at ₹2,400 (`customerWithLimitBuy`).
const provider = useRealProvider();

const customerWithLimitBuy = () => customerWithLimitBuy_(provider, "cancel", "gtc");

const pageOf = (cookie: string, path: string, no: string) =>
  load<{ no: string; key: string | null; sentence: string; ended: string | null; back: string }>(loader, path, cookie, {
    no,
  });

describe("cancel an open order", () => {
  it("the confirm step says the order in words; without JS a plain form with the page's key", async () => {
    const { cookie, no, path } = await customerWithLimitBuy();
    const page = await pageOf(cookie, `${path}?back=%2Fstock%2FRELIANCE.NS%2FIN%2FReliance`, no);
    expect(page.back).toBe("/stock/RELIANCE.NS/IN/Reliance");
    const html = renderScreen(CancelOrderPage, path, page, { resources: { trade, common } });
    expect(html).toContain(`<h1 id="confirm-title">Cancel order ${no}?</h1>`);
    expect(html).toMatch(
      /<p>Buy 10 Reliance Industries Ltd at ₹2,350\.00 or less, until .+\. Cancelling it releases what it reserves\.<\/p>/,
    );
    expect(html).toContain(`<input type="hidden" name="idempotency_key" value="${page.key}"/>`);
    expect(html).toContain('href="/stock/RELIANCE.NS/IN/Reliance">Keep order</a>');
  });

  it("a POST without the page's key is refused and cancels nothing; a back link to another site is not followed", async () => {
    const { cookie, no, path } = await customerWithLimitBuy();
    const refused = await post(action, path, { intent: "cancel" }, cookie, { no });
    expect(refused.status).toBe(400);
    expect((await refusedForm(refused)).error?.idempotency_key).toEqual(["Submission failed"]);
    const orders = await getOrders(await providerContext(cookie), { type: "pending" });
    expect(orders.rows.map((row) => row.no)).toEqual([no]);
    expect((await pageOf(cookie, `${path}?back=https%3A%2F%2Fevil.example`, no)).back).toBe("/records?type=pending");
  });

  it("Yes, cancel: the reservation comes back, a toast says so; the page posted twice cancels once; another cancel is told", async () => {
    const { cookie, no, path, token } = await customerWithLimitBuy();
    const before = await getUserInfo(await providerContext(cookie));
    expect(before).toMatchObject({ money: "76492.95", held: "23507.05" });
    const { key } = await pageOf(cookie, path, no);
    const fields = { intent: "cancel", idempotency_key: key! };
    const response = await post(action, path, fields, cookie, { no });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/records?type=pending");
    expect(await tradeToast(response)).toBe(`Order ${no} was cancelled`);
    expect(await getUserInfo(await providerContext(cookie))).toMatchObject({ money: "100000.00", held: "0.00" });

    const twice = await post(action, path, fields, cookie, { no });
    expect(twice.status).toBe(302);
    expect(await tradeToast(twice)).toBe(`Order ${no} was cancelled`);
    expect(await getUserInfo(await providerContext(cookie))).toMatchObject({ money: "100000.00", held: "0.00" });

    const again = await post(action, path, { intent: "cancel", idempotency_key: mintReviewKey(token) }, cookie, { no });
    expect(again.status).toBe(400);
    expect((await refusedForm(again)).error?.[""]?.[0]).toMatch(
      /^This order was cancelled at .+; nothing was changed\.$/,
    );
    expect((await pageOf(cookie, path, no)).ended).toMatch(/^This order was cancelled at /);
  });

  it("an open order behind a hundred newer ones is still found, and its confirm step shown", async () => {
    const { cookie, no, path, token } = await customerWithLimitBuy();
    const context = await providerContext(cookie);
    for (let i = 0; i < 100; i++) {
      await placeBuyOrder(context, {
        tag: "RELIANCE.NS",
        market: "IN",
        count: 1,
        idempotencyKey: mintReviewKey(token),
        terms: { orderType: "limit", limitPrice: "100", validity: "gtc" },
      });
    }
    expect((await getOrders(context, { type: "pending" })).count).toBe(101);
    const page = await pageOf(cookie, path, no);
    expect(page.no).toBe(no);
    expect(page.sentence).toMatch(/^Buy 10 Reliance Industries Ltd at ₹2,350\.00 or less, until /);
  }, 60_000);
});
