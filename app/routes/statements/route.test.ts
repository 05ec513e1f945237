/** Tests of app/routes/statements/ (route.tsx, route.server.ts): the two GET forms, what they show, the markup. */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@remix-run/react", async () => (await import("~/testing/markup")).remixStandIns);

import { renderScreen } from "~/testing/markup";
import {
  buyNow,
  expectSentToLogin,
  load,
  sellNow,
  setPrice,
  signedInTrader,
  useRealProvider,
} from "~/testing/route-harness";

import StatementsPage, { loader } from "./route";
import type { StatementsData } from "./route.server";
import common from "../../../locales/en/common.json";
import trade from "../../../locales/en/trade.json";

const provider = useRealProvider();
const customer = { cookie: "" };

beforeAll(async () => {
  const trader = await signedInTrader(provider, "20000.00");
  await setPrice(provider, "TCS.NS", ["3000"]);
  const lot = await buyNow(provider, trader.token, "TCS.NS", 2); // 6000 + fee 1.80
  await setPrice(provider, "TCS.NS", ["2900"]);
  await sellNow(provider, trader.token, lot, 1); // 2900 − fee 0.87 against 3000.90
  customer.cookie = trader.cookie;
}, 60_000);

it("a visitor is sent to log in", async () => {
  await expectSentToLogin(loader, "/statements");
});

describe("the forms", () => {
  it("an account statement of the month: its balances and the download links", async () => {
    const blank = await load<StatementsData>(loader, "/statements", customer.cookie);
    expect(blank.statement).toBeNull();
    expect(blank.tax).toBeNull();
    const month = blank.values.month;
    const data = await load<StatementsData>(
      loader,
      `/statements?kind=account&period=month&month=${month}`,
      customer.cookie,
    );
    // 20000.00 − 6001.80 + 2899.13
    expect(data.statement).toMatchObject({ kind: "account", opening: "0.00", closing: "16897.33" });
    expect(data.errors).toEqual({});
    const html = renderScreen(StatementsPage, "/statements", data, { resources: { common, trade } });
    expect(html).toContain('<form method="get" action="/statements"');
    expect(html).toContain('<label for="st-month">Month</label>');
    expect(html).toContain("₹16,897.33");
    expect(html).toContain(
      `href="/statements/download?kind=account&amp;period=range&amp;from=${data.statement!.from}&amp;to=${data.statement!.to}&amp;format=csv"`,
    );
    expect(html).toContain("format=pdf");
  });

  it("a period backwards or longer than a year is said on its field", async () => {
    const data = await load<StatementsData>(
      loader,
      "/statements?kind=trades&period=range&from=2026-05-02&to=2026-05-01",
      customer.cookie,
    );
    expect(data.statement).toBeNull();
    expect(data.errors).toEqual({ to: ["The end date must be on or after the start date"] });
    const html = renderScreen(StatementsPage, "/statements", data, { resources: { common, trade } });
    expect(html).toMatch(/id="st-to-error"[^>]*>The end date must be on or after the start date</);
    expect(html).toMatch(
      /<input[^>]*aria-invalid="true"[^>]*aria-describedby="st-to-hint st-to-error"|aria-describedby="st-to-hint st-to-error"[^>]*aria-invalid="true"/,
    );
  });

  it("a year not offered is said on the year's field, the years offered still to choose", async () => {
    const data = await load<StatementsData>(loader, "/statements?year=1999", customer.cookie);
    expect(data.tax).toBeNull();
    const html = renderScreen(StatementsPage, "/statements", data, { resources: { common, trade } });
    expect(data.errors).toEqual({ year: ["Choose a financial year"] });
    expect(html).toContain('<p id="st-year-error" class="field__error">Choose a financial year</p>');
    expect(html).toContain('<select id="st-year" name="year" aria-invalid="true" aria-describedby="st-year-error">');
    expect(html.match(/<option value="\d{4}">\d{4}–\d{2}<\/option>/g)).toHaveLength(5);
  });

  it("the tax report of a financial year: short-term loss, totals, the note", async () => {
    const blank = await load<StatementsData>(loader, "/statements", customer.cookie);
    const data = await load<StatementsData>(loader, `/statements?year=${blank.values.year}`, customer.cookie);
    // 2899.13 − 3000.90
    expect(data.tax).toMatchObject({
      lines: 1,
      totals: { short_term: "-101.77", long_term: "0.00", total: "-101.77" },
    });
    const html = renderScreen(StatementsPage, "/statements", data, { resources: { common, trade } });
    expect(html).toContain("Your tax adviser decides what you declare.");
    expect(html).toContain(`href="/statements/download?kind=tax&amp;year=${blank.values.year}&amp;format=csv"`);
  });
});
