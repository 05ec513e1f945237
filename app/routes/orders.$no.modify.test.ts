/**
 * /orders/{no}/modify against a real provider whose RELIANCE.NS the operator holds at ₹2,400 (docs/product.md "Order
 * types"): the page of an open limit buy, its checks on the fields (nothing changed), a change re-reserved, the same
 * page posted twice changing it once, and an order filled meanwhile refused plainly. Each test its own customer.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@remix-run/react", async () => (await import("~/testing/markup")).remixStandIns);

import { getOrders } from "~/provider/trading.server";
import { renderScreen } from "~/testing/markup";
import {
  fieldErrors,
  load,
  operatorCall,
  post,
  providerContext,
  customerWithLimitBuy as customerWithLimitBuy_,
  signedInTrader,
  refusedForm,
  tradeToast,
  useRealProvider,
} from "~/testing/route-harness";

import ModifyOrderPage, { action, loader } from "./orders.$no.modify";
import common from "../../locales/en/common.json";
import trade from "../../locales/en/trade.json";

const provider = useRealProvider();

beforeEach(async () => {
  await operatorCall("/operator/price", { body: { symbol: "RELIANCE.NS", prices: ["2400"] } });
});

/** A fresh customer with an open limit buy of 10 RELIANCE.NS at ₹2,350 (₹23,507.05 reserved). */
async function customerWithLimitBuy() {
  const customer = await customerWithLimitBuy_(provider, "modify", "day");
  expect(customer.deal).toMatchObject({ status: 0, held: "23507.05" });
  return customer;
}

const pageOf = (cookie: string, path: string, no: string) =>
  load<{ key: string; sentence: string; ended: string | null }>(loader, path, cookie, { no });

const openOrder = async (cookie: string, no: string) =>
  (await getOrders(await providerContext(cookie), { type: "all" })).rows.find((row) => row.no === no)!;

/** The form as the page posts it: its terms as shown (`was_*`) and what the customer typed over them. */
const modify = (fields: Record<string, string>) => ({
  intent: "modify",
  quantity: "10",
  validity: "day",
  was_count: "10",
  was_limit: "2350",
  was_validity: "day",
  ...fields,
});

describe("modify an open order", () => {
  it("the page says the order in words and offers its terms; without JS a plain form with labels", async () => {
    const { cookie, no, path } = await customerWithLimitBuy();
    const page = await pageOf(cookie, path, no);
    expect(page.sentence).toMatch(/^Buy 10 Reliance Industries Ltd at ₹2,350\.00 or less, until /);
    expect(page.ended).toBeNull();
    const html = renderScreen(ModifyOrderPage, path, page, { resources: { trade, common } });
    expect(html).toContain(`<h1 class="tr-h1" tabindex="-1">Modify order ${no}</h1>`);
    expect(html).toContain('<form method="post" action="/orders/');
    expect(html).toContain(">Limit price</label>");
    expect(html).not.toContain(">Trigger price</label>");
    expect(html).toMatch(/name="limit_price"[^>]*value="2350"/);
    expect(html).toContain("Good till cancelled (up to 90 days)");
    expect(html).toContain('<input type="hidden" name="was_limit" value="2350"/>');
  });

  it("a price off the tick, or nothing changed, is refused on the form; the order is as it was", async () => {
    const { cookie, no, path } = await customerWithLimitBuy();
    const { key } = await pageOf(cookie, path, no);
    const offTick = await post(action, path, modify({ limit_price: "2350.03", idempotency_key: key }), cookie, { no });
    expect(offTick.status).toBe(400);
    const reply = await offTick.clone().json();
    expect(await fieldErrors(offTick)).toEqual({ limit_price: ["Prices go in steps of 0.05"] });
    // Without JS the refused page shows the message on the field, and the inputs keep the loader's constraints.
    const page = await pageOf(cookie, path, no);
    const html = renderScreen(ModifyOrderPage, path, page, { resources: { trade, common }, actionData: reply });
    expect(html).toMatch(/<input[^>]*name="limit_price"[^>]*aria-invalid="true"/);
    expect(html).toContain("Prices go in steps of 0.05");
    expect(html).toContain('<input id="modify-order-quantity" required="" name="quantity"');
    const same = await post(action, path, modify({ limit_price: "2350", idempotency_key: key }), cookie, { no });
    expect(same.status).toBe(400);
    expect((await refusedForm(same)).error?.[""]).toEqual(["Change at least one of the order's terms"]);
    expect(await openOrder(cookie, no)).toMatchObject({ status: 0, limit_price: 2350, held: "23507.05" });
  });

  it("a new limit is reserved again; the same page posted twice changes it once", async () => {
    const { cookie, no, path } = await customerWithLimitBuy();
    const { key } = await pageOf(cookie, path, no);
    const fields = modify({ limit_price: "2300", idempotency_key: key });
    const first = await post(action, `${path}?back=%2Frecords%3Ftype%3Dpending`, fields, cookie, { no });
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/records?type=pending");
    expect(await tradeToast(first)).toBe(`Order ${no} was changed`);
    expect(await openOrder(cookie, no)).toMatchObject({ status: 0, limit_price: 2300, held: "23006.90" });
    const again = await post(action, path, fields, cookie, { no });
    expect(again.status).toBe(302);
    expect(await openOrder(cookie, no)).toMatchObject({ status: 0, limit_price: 2300, held: "23006.90" });
  });

  it("an order filled meanwhile: the page and the POST say so, nothing is changed", async () => {
    const { cookie, no, path } = await customerWithLimitBuy();
    const { key } = await pageOf(cookie, path, no);
    await operatorCall("/operator/price", { body: { symbol: "RELIANCE.NS", prices: ["2340"] } });
    await provider.ticks.run();
    expect(await openOrder(cookie, no)).toMatchObject({ status: 1, reason: "filled", price: 2340 });
    const response = await post(action, path, modify({ limit_price: "2300", idempotency_key: key }), cookie, { no });
    expect(response.status).toBe(400);
    const [message] = (await refusedForm(response)).error?.[""] ?? [];
    expect(message).toMatch(/^This order was filled at .+; nothing was changed\.$/);
    expect((await pageOf(cookie, path, no)).ended).toBe(message);
  });

  it("someone else's or an unknown order number is a 404", async () => {
    const { cookie } = await signedInTrader(provider, "1000.00");
    const response = await post(action, "/orders/1/modify", modify({}), cookie, { no: "1" });
    expect(response.status).toBe(404);
  });
});
