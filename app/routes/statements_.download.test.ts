/**
 * /statements/download (docs/product.md#statements, #tax-report): the account and trades statements and the tax
 * report of a customer who bought and sold part at prices set by hand, as CSV (lines parsed) and PDF (text extracted).
 */
import { PDFParse } from "pdf-parse";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";

import { pdfFonts } from "~/features/trading/pdf-fonts.server";
import { localeCookie } from "~/i18n/i18next.server";

import { expectSentToLogin, getRequest, infyRoundTrip, settle, useRealProvider } from "~/testing/route-harness";

import { loader } from "./statements_.download";

const provider = useRealProvider();
const customer = { cookie: "", buy: "", sell: "", month: "", from: "", to: "", year: 0 };

beforeAll(async () => {
  // 10 INFY.NS bought at ₹1,000, 4 sold at ₹1,100.
  ({ buy: customer.buy, sell: customer.sell, cookie: customer.cookie } = await infyRoundTrip(provider));
  // The provider's clock is frozen at the file's start: its month in India, its financial year.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(provider.clock.now());
  const [y, m] = today.split("-").map(Number);
  customer.month = today.slice(0, 7);
  customer.from = `${customer.month}-01`;
  customer.to = `${customer.month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, "0")}`;
  customer.year = m < 4 ? y - 1 : y;
}, 60_000);

const download = (query: string, cookie = customer.cookie) =>
  settle(() => loader({ request: getRequest(`/statements/download?${query}`, cookie), params: {}, context: {} }));
const pdfText = async (response: Response) =>
  (await new PDFParse({ data: new Uint8Array(await response.arrayBuffer()) }).getText()).text;
const lines = async (response: Response) => (await response.text()).trimEnd().split("\n");

it("a visitor is sent to log in", async () => {
  await expectSentToLogin(loader, "/statements/download?kind=account&period=month&month=2026-11&format=csv");
});

describe("the account statement", () => {
  it("CSV: opening balance, every bill, closing balance = the wallet", async () => {
    const response = await download(`kind=account&period=month&month=${customer.month}&format=csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="account-statement-${customer.from}-${customer.to}.csv"`,
    );
    const csv = await lines(response);
    expect(csv[0]).toBe("Date,Description,Reference,Money in (INR),Money out (INR),Balance (INR),Kind");
    expect(csv[1]).toBe(`${customer.from},Opening balance,,,,0.00,`);
    expect(csv[2]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2},test funds,,50000.00,,50000.00,credit$/);
    expect(csv[3]).toContain(`,,10003.00,39997.00,order`);
    expect(csv[4]).toContain(`${customer.sell},4398.68,,44395.68,order`);
    expect(csv.at(-1)).toBe(`${customer.to},Closing balance,,,,44395.68,`);
    expect(csv).toHaveLength(6);
  });

  it("PDF: the customer, the period and the same figures", async () => {
    const response = await download(`kind=account&period=range&from=${customer.from}&to=${customer.to}&format=pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="account-statement-${customer.from}-${customer.to}.pdf"`,
    );
    const text = await pdfText(response);
    expect(text).toContain("Account statement");
    expect(text).toMatch(/Customer: .+ \(ID \d+\)/);
    expect(text).toContain(`Period: ${customer.from} to ${customer.to}`);
    expect(text).toContain("Opening balance");
    expect(text).toContain("44395.68");
    expect(text).toContain("Closing balance");
    // The rupee sign, in the embedded font that has it (docs/decisions/0510); the CSV keeps the code.
    expect(text).toContain("Money in (₹)");
    expect(text).toContain("Balance (₹)");
    expect(text).not.toContain("(INR)");
  });

  it("PDF in Chinese: the headings and labels as written, not replaced by the font's blanks", async () => {
    expect(
      await pdfFonts(),
      "Debian's fonts-noto-cjk and fonts-dejavu-core (scripts/test-all.sh installs them)",
    ).not.toBe(null);
    process.env.VISIBLE_LOCALES = "en,zh";
    onTestFinished(() => {
      delete process.env.VISIBLE_LOCALES;
    });
    const response = await download(
      `kind=account&period=month&month=${customer.month}&format=pdf`,
      `${customer.cookie}; ${(await localeCookie.serialize("zh")).split(";")[0]}`,
    );
    expect(response.status).toBe(200);
    const text = await pdfText(response);
    expect(text).toContain("账户对账单");
    expect(text).toContain("期初余额");
    expect(text).toContain("期末余额");
    expect(text).toContain("收入 (₹)");
    expect(text).toContain("余额 (₹)");
    expect(text).toContain("44395.68");
  });

  it("refuses a period longer than a year, or a format it does not make", async () => {
    const long = await download("kind=account&period=range&from=2025-01-01&to=2026-01-02&format=csv");
    expect(long.status).toBe(400);
    expect(await long.text()).toBe("A statement covers a year at most");
    const xls = await download(`kind=account&period=month&month=${customer.month}&format=xls`);
    expect(xls.status).toBe(400);
    expect(await xls.text()).toBe("Choose CSV or PDF");
  });
});

it("the trades statement: each order with its number, price, quantity, fee and amount", async () => {
  const response = await download(`kind=trades&period=month&month=${customer.month}&format=csv`);
  expect(response.headers.get("Content-Disposition")).toBe(
    `attachment; filename="trades-statement-${customer.from}-${customer.to}.csv"`,
  );
  const csv = await lines(response);
  expect(csv[0]).toBe("Date,Order number,Symbol,Side,Status,Quantity,Price,Amount,Fee,Wallet amount (INR)");
  expect(csv[1]).toMatch(new RegExp(`,${customer.buy},INFY.NS,Buy,Filled,10,1000,10000.00,3.00,10003.00$`));
  expect(csv.at(-1)).toMatch(new RegExp(`,${customer.sell},INFY.NS,Sell,Filled,4,1100,4400.00,1.32,4398.68$`));
  expect(csv).toHaveLength(3);
});

it("the tax report: each lot a sell took, short-term, totals and the note; CSV and PDF", async () => {
  const response = await download(`kind=tax&year=${customer.year}&format=csv`);
  expect(response.status).toBe(200);
  const fy = `${customer.year}-04-01-${customer.year + 1}-03-31`;
  expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="tax-report-${fy}.csv"`);
  const csv = await lines(response);
  expect(csv[0]).toBe("Sold,Sell order,Symbol,Bought,Buy order,Quantity,Cost (INR),Proceeds (INR),Gain (INR),Term");
  expect(csv[1]).toMatch(
    new RegExp(`,${customer.sell},INFY.NS,[0-9-]+ [0-9:]+,${customer.buy},4,4001.20,4398.68,397.48,Short-term$`),
  );
  expect(csv.slice(2, 5)).toEqual([
    ",Short-term gains,,,,,,,397.48,",
    ",Long-term gains,,,,,,,0.00,",
    ",Total gains,,,,,4001.20,4398.68,397.48,",
  ]);
  expect(csv.at(-1)).toMatch(
    /^"For your information only, not tax advice\. .*Your tax adviser decides what you declare\."$/,
  );

  const pdf = await download(`kind=tax&year=${customer.year}&format=pdf`);
  expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
  const text = (await pdfText(pdf)).replace(/\s+/g, " ");
  expect(text).toContain(`Tax report ${customer.year}–${customer.year + 1}`);
  expect(text).toContain("Gain (₹)");
  expect(text).toContain("397.48");
  expect(text).toContain("Your tax adviser decides what you declare.");
});
