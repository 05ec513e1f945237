/** Tests of app/routes/block-trading.tsx on the MXN deployment (the app reads it once per process) (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "MXN";
});

import type { BlockScreenData } from "~/features/products/block.server";
import type { BlockOrdersData } from "~/features/products/block-orders.server";
import { mintReviewKey } from "~/session/review-key.server";
import { load, TX_PASSWORD, useRouteFixture } from "~/testing/route-harness";

import { action as blockAction, loader as blockLoader } from "./block-trading";
import { loader as blockOrdersLoader } from "./block-trading_.orders";

const { provider, buyer: customer, post, confirm, toast } = useRouteFixture({ deployment: "MXN" });

describe("MXN deployment", () => {
  it("block offers of Mexico and the US; a Mexican offer bought in pesos", async () => {
    const { cookie } = await customer("1000000.00");
    const page = await load<BlockScreenData>(blockLoader, "/block-trading", cookie);
    expect(page.offers.map((offer) => [offer.display, offer.market, offer.price])).toEqual([
      ["AAPL", "US", "262.40"],
      ["MSFT", "US", "468.00"],
      ["WALMEX.MX", "MX", "56.20"],
    ]);
    const walmex = page.offers[2];
    const reviewed = await post(
      blockAction,
      `/block-trading?buy=${walmex.id}`,
      { intent: "review", buy: String(walmex.id), quantity: "100" },
      cookie,
    );
    const location = reviewed.headers.get("Location")!;
    const review = await load<BlockScreenData>(blockLoader, location, cookie);
    // 100 × 56.20 = 5620.00; fee 0.03 % = 1.69; 5621.69; same currency as the wallet: nothing to convert.
    expect(review.review).toMatchObject({
      quantity: 100,
      estimate: { total: "5620.00", fee: "1.69", net: "5621.69" },
      wallet: null,
      rateNote: null,
    });

    const fields = { buy: String(walmex.id), quantity: "100", stock_password: TX_PASSWORD };
    const bought = await confirm(blockAction, location, fields, cookie);
    expect(await toast(bought)).toBe("Purchase successful: 100 WALMEX.MX at MX$56.20, MX$5,621.69 with the fee");
  });

  it("a dollar-priced offer: its maximum, review, toast and orders in pesos at the USDMXN=X rate (decision 0300)", async () => {
    provider.clock.set(new Date("2026-11-20T09:15:00Z"));
    const { cookie: buyer, token } = await customer("1000000.00");
    const key = mintReviewKey(token);
    const aapl = (await load<BlockScreenData>(blockLoader, "/block-trading", buyer)).offers[0];
    const step = await load<BlockScreenData>(blockLoader, `/block-trading?buy=${aapl.id}`, buyer);
    // floor(1000000.00 / (262.40 × 18.2821 × 1.0003)) = floor(208.3…) = 208 (against dollars: 3809).
    expect(step.buy).toMatchObject({ maximum: 208, exchange: { from: "USD", to: "MXN", moves: true } });
    const review = await load<BlockScreenData>(
      blockLoader,
      `/block-trading?buy=${aapl.id}&quantity=100&step=review&key=${key}`,
      buyer,
    );
    expect(review.review?.estimate).toEqual({ total: "26240.00", fee: "7.87", net: "26247.87", profit: null });
    // 26240 × 18.2821 = 479722.304 → 479722.30; fee 0.03 % of that 143.92; 479866.22.
    expect(review.review).toMatchObject({
      wallet: { total: "479722.30", fee: "143.92", net: "479866.22" },
      balance: "1000000.00",
    });
    expect(review.review?.rateNote).toMatch(
      /^Your wallet holds Mexican Peso \(MXN\); this offer is priced in US Dollar \(USD\)\. The wallet amount is an estimate at 1 USD = 18\.2821 MXN, market rate at \d\d:\d\d; the amount is converted at the market rate when the purchase goes through, and the fee is taken on the converted amount\.$/,
    );
    const bought = await post(
      blockAction,
      `/block-trading?buy=${aapl.id}&quantity=100&step=review&key=${key}`,
      {
        intent: "confirm",
        buy: String(aapl.id),
        quantity: "100",
        stock_password: TX_PASSWORD,
        idempotency_key: key,
      },
      buyer,
    );
    // 09:15 UTC is 03:15 in Mexico City.
    expect(await toast(bought)).toBe(
      "Purchase successful: 100 AAPL at $262.40, $26,247.87 with the fee; MX$479,866.22 from your wallet (1 USD = 18.2821 MXN, market rate at 03:15)",
    );
    const orders = await load<BlockOrdersData>(blockOrdersLoader, "/block-trading/orders", buyer);
    expect(orders.rows.map((row) => [row.display, row.wallet?.cost, row.rateText])).toEqual([
      ["AAPL", "479866.22", "1 USD = 18.2821 MXN, market rate at 03:15"],
    ]);
  });
});
