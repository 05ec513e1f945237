/**
 * /trade-no-nav/{type}/{buck}, the positions screen without the bottom bar: its tabs, a page past the end and an
 * unknown type against a real provider (a customer who bought through the buy/sell screen); then its markup.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@remix-run/react", async () => (await import("~/testing/markup")).remixStandIns);

import type { PositionsScreenData } from "~/features/trading/positions.server";
import { renderScreen } from "~/testing/markup";
import { getRequest, settle, tradedCustomer, useRealProvider } from "~/testing/route-harness";

import TradeNoNavPage, { loader as noNavLoader } from "./trade-no-nav.$type.($buck)";
import common from "../../locales/en/common.json";
import quotes from "../../locales/en/quotes.json";
import trade from "../../locales/en/trade.json";

const provider = useRealProvider();

describe("positions without the bottom bar", () => {
  let cookie = "";
  beforeAll(async () => {
    ({ cookie } = await tradedCustomer(provider));
  }, 60_000);

  it("a tab's positions; an unknown type is a 404; a page past the end goes to the last page", async () => {
    const futures = await (
      await noNavLoader({
        request: getRequest("/trade-no-nav/futures/ok", cookie),
        params: { type: "futures", buck: "ok" },
        context: {},
      })
    ).json();
    expect(futures).toMatchObject({ tab: "futures", rows: [], total: 0 });
    const bad = await settle(() =>
      noNavLoader({ request: getRequest("/trade-no-nav/bonds", cookie), params: { type: "bonds" }, context: {} }),
    );
    expect(bad.status).toBe(404);
    const pastNoNav = await settle(() =>
      noNavLoader({
        request: getRequest("/trade-no-nav/forex/1?page=3", cookie),
        params: { type: "forex", buck: "1" },
        context: {},
      }),
    );
    expect(pastNoNav.headers.get("Location")).toBe("/trade-no-nav/forex/1");
  });
});

describe("markup without JavaScript", () => {
  it("defect 16: /trade-no-nav has a way back, by default to the list that links there", async () => {
    const html = renderScreen(
      TradeNoNavPage,
      "/trade-no-nav/futures/ok",
      { asOf: 1, tab: "futures", page: 1, pageCount: 1, total: 0, rows: [] } satisfies PositionsScreenData,
      { resources: { common, quotes, trade }, params: { type: "futures", buck: "ok" } },
    );
    expect(html).toMatch(/<a [^>]*href="\/futures"><span aria-hidden="true">←<\/span>Back<\/a>/);
  });
});
