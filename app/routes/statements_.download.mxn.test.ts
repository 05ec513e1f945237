/**
 * /statements/download on the MXN deployment (the app reads it once per process) (docs/product.md#statements,
 * #tax-report): Mexico's tax year is the calendar year, amounts in pesos, and the term of each lot shown for
 * information (held 12 months or less: short-term). WALMEX.MX is priced in pesos, so no rate comes in.
 */
import { PDFParse } from "pdf-parse";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "MXN";
});

import { buyNow, getRequest, sellNow, setPrice, settle, useRouteFixture } from "~/testing/route-harness";

import { loader } from "./statements_.download";

const { provider, customer: newCustomer } = useRouteFixture({ deployment: "MXN" });
const customer = { cookie: "", lotA: "", lotB: "", sell1: "", sell2: "" };

beforeAll(async () => {
  // 10:00 in Mexico City, a Tuesday: 100 WALMEX.MX at 50 = 5000.00 + fee 0.03 % 1.50 = 5001.50.
  provider.clock.set(new Date("2025-06-10T16:00:00Z"));
  const trader = await newCustomer("100000.00");
  customer.cookie = trader.cookie;
  // The token lives 7 days; this customer's lasts while the clock walks 17 months.
  await provider.db
    .updateTable("sessions")
    .set({ expires_at: new Date("2030-01-01T00:00:00Z") })
    .where("user_id", "=", trader.id)
    .execute();
  await setPrice(provider, "WALMEX.MX", ["50"]);
  customer.lotA = await buyNow(provider, trader.token, "WALMEX.MX", 100);
  // 100 at 55 = 5500.00 + 1.65 = 5501.65.
  provider.clock.set(new Date("2026-03-02T16:00:00Z"));
  await setPrice(provider, "WALMEX.MX", ["55"]);
  customer.lotB = await buyNow(provider, trader.token, "WALMEX.MX", 100);
  // 60 at 60 = 3600.00 − 1.08 = 3598.92, then 80 at 60 = 4800.00 − 1.44 = 4798.56 (11:00 and 12:00 in Mexico City).
  provider.clock.set(new Date("2026-11-20T17:00:00Z"));
  await setPrice(provider, "WALMEX.MX", ["60"]);
  customer.sell1 = await sellNow(provider, trader.token, customer.lotA, 60);
  provider.clock.set(new Date("2026-11-20T18:00:00Z"));
  await setPrice(provider, "WALMEX.MX", ["60"]);
  customer.sell2 = await sellNow(provider, trader.token, customer.lotB, 80);
}, 60_000);

const download = (query: string) =>
  settle(() =>
    loader({ request: getRequest(`/statements/download?${query}`, customer.cookie), params: {}, context: {} }),
  );
const lines = async (response: Response) => (await response.text()).trimEnd().split("\n");
const pdfText = async (response: Response) =>
  (await new PDFParse({ data: new Uint8Array(await response.arrayBuffer()) }).getText()).text;

describe("the tax report: Mexico's calendar year, in pesos", () => {
  it("CSV: each lot a sell took, oldest first, long-term past 12 months, totals", async () => {
    const response = await download("kind=tax&year=2026&format=csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="tax-report-2026-01-01-2026-12-31.csv"',
    );
    const csv = await lines(response);
    expect(csv[0]).toBe("Sold,Sell order,Symbol,Bought,Buy order,Quantity,Cost (MXN),Proceeds (MXN),Gain (MXN),Term");
    expect(csv.slice(1, 4)).toEqual([
      // The first sell (from lot B on the sell screen) takes the oldest shares, lot A's: held 17 months.
      `2026-11-20 11:00,${customer.sell1},WALMEX.MX,2025-06-10 10:00,${customer.lotA},60,3000.90,3598.92,598.02,Long-term`,
      `2026-11-20 12:00,${customer.sell2},WALMEX.MX,2025-06-10 10:00,${customer.lotA},40,2000.60,2399.28,398.68,Long-term`,
      `2026-11-20 12:00,${customer.sell2},WALMEX.MX,2026-03-02 10:00,${customer.lotB},40,2200.66,2399.28,198.62,Short-term`,
    ]);
    expect(csv.slice(4, 7)).toEqual([
      ",Short-term gains,,,,,,,198.62,",
      ",Long-term gains,,,,,,,996.70,",
      ",Total gains,,,,,7202.16,8397.48,1195.32,",
    ]);
    expect(csv.at(-1)).toMatch(
      /^"For your information only, not tax advice\. .*Your tax adviser decides what you declare\."$/,
    );
    expect(csv).toHaveLength(8);
  });

  it("PDF: the calendar year in its title and period", async () => {
    const response = await download("kind=tax&year=2026&format=pdf");
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="tax-report-2026-01-01-2026-12-31.pdf"',
    );
    const text = await pdfText(response);
    expect(text).toContain("Tax report 2026\n");
    expect(text).toContain("Period: 2026-01-01 to 2026-12-31");
    expect(text).toContain("Amounts in MXN");
    // The peso by the sign the app writes amounts with in English (docs/decisions/0510).
    expect(text).toContain("Gain (MX$)");
    expect(text).toContain("1195.32");
  });

  it("2025's calendar year had buys only: no lines, totals 0.00", async () => {
    const response = await download("kind=tax&year=2025&format=csv");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="tax-report-2025-01-01-2025-12-31.csv"',
    );
    const csv = await lines(response);
    expect(csv.slice(1, 4)).toEqual([
      ",Short-term gains,,,,,,,0.00,",
      ",Long-term gains,,,,,,,0.00,",
      ",Total gains,,,,,0.00,0.00,0.00,",
    ]);
  });
});

it("the account statement in pesos: November's opening balance, both sells, closing balance", async () => {
  const response = await download("kind=account&period=month&month=2026-11&format=csv");
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("Content-Disposition")).toBe(
    'attachment; filename="account-statement-2026-11-01-2026-11-30.csv"',
  );
  const csv = await lines(response);
  expect(csv[0]).toBe("Date,Description,Reference,Money in (MXN),Money out (MXN),Balance (MXN),Kind");
  // 100000.00 − 5001.50 − 5501.65 = 89496.85; + 3598.92 = 93095.77; + 4798.56 = 97894.33.
  expect(csv[1]).toBe("2026-11-01,Opening balance,,,,89496.85,");
  expect(csv[2]).toMatch(new RegExp(`^2026-11-20 11:00,.+,${customer.sell1},3598.92,,93095.77,order$`));
  expect(csv[3]).toMatch(new RegExp(`^2026-11-20 12:00,.+,${customer.sell2},4798.56,,97894.33,order$`));
  expect(csv.at(-1)).toBe("2026-11-30,Closing balance,,,,97894.33,");
  expect(csv).toHaveLength(5);
});

it("a month ends at midnight in Mexico City: funds at 21:00 on 30 November are November's", async () => {
  // 2026-12-01 03:00 UTC is 30 November 21:00 in Mexico City (and already 1 December in India).
  provider.clock.set(new Date("2026-12-01T03:00:00Z"));
  const late = await newCustomer("500.00");
  const month = (m: string) =>
    settle(() =>
      loader({
        request: getRequest(`/statements/download?kind=account&period=month&month=${m}&format=csv`, late.cookie),
        params: {},
        context: {},
      }),
    ).then(lines);
  expect(await month("2026-11")).toEqual([
    "Date,Description,Reference,Money in (MXN),Money out (MXN),Balance (MXN),Kind",
    "2026-11-01,Opening balance,,,,0.00,",
    "2026-11-30 21:00,test funds,,500.00,,500.00,credit",
    "2026-11-30,Closing balance,,,,500.00,",
  ]);
  expect((await month("2026-12")).slice(1)).toEqual([
    "2026-12-01,Opening balance,,,,500.00,",
    "2026-12-31,Closing balance,,,,500.00,",
  ]);
});
