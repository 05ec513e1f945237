/** Tests of app/routes/block-trading.tsx on the MXN deployment (the app reads it once per process) (one test file per route: docs/ARCHITECTURE.md#tests). */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "MXN";
});

import type { BlockScreenData } from "~/features/products/block.server";
import { load, post, sessionCookie, toastText, useRealProvider } from "~/testing/route-harness";

import { action as blockAction, loader as blockLoader } from "./block-trading";
import enCommon from "../../locales/en/common.json";
import en from "../../locales/en/products.json";
import { newBuyer, TX_PASSWORD } from "../../provider/tests/helpers";

const provider = useRealProvider({ deployment: "MXN" });
let cookie = "";
beforeAll(async () => {
  cookie = await sessionCookie(await newBuyer(provider, "1000000.00"));
});

describe("MXN deployment", () => {
  it("block offers of Mexico and the US; a Mexican offer bought in pesos", async () => {
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
      conversion: null,
    });

    const key = new URL(location, "http://localhost").searchParams.get("key")!;
    const bought = await post(
      blockAction,
      location,
      { intent: "confirm", buy: String(walmex.id), quantity: "100", stock_password: TX_PASSWORD, idempotency_key: key },
      cookie,
    );
    expect(await toastText(bought, { products: en, common: enCommon })).toBe(
      "Purchase successful: 100 WALMEX.MX at MX$56.20, MX$5,621.69 with the fee",
    );
  });

  it("a dollar-priced offer says what the peso wallet is charged, and that no rate is applied", async () => {
    const aapl = (await load<BlockScreenData>(blockLoader, "/block-trading", cookie)).offers[0];
    const review = await load<BlockScreenData>(
      blockLoader,
      `/block-trading?buy=${aapl.id}&quantity=100&step=review&key=0b5c1f0e-1111-4222-8333-444455556666`,
      cookie,
    );
    expect(review.review?.estimate).toEqual({ total: "26240.00", fee: "7.87", net: "26247.87", profit: null });
    expect(review.review?.conversion).toEqual({
      walletAmount: "26247.87",
      note: "Your wallet holds Mexican Peso (MXN); this offer is priced in US Dollar (USD). The provider applies no exchange rate: it charges the same figure in MXN (1 USD = 1 MXN).",
    });
  });
});
