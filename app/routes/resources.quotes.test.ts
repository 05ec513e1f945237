/** /resources/quotes, a live panel's poll: the quotes of the same symbols are shared for a second (decision 0324). */
import { describe, expect, it } from "vitest";

import { getRequest, ok, useScriptedProvider } from "~/testing/route-harness";

import { loader as quotesLoader } from "./resources.quotes";

const { provider } = useScriptedProvider();

const args = (request: Request) => ({ request, params: {}, context: {} });
const quote = (symbol: string, price: number) => ({
  symbol,
  name: symbol,
  market: "IN",
  price,
  change: 1.5,
  changePercent: 0.1,
  high: price + 10,
  low: price - 10,
  previousClose: price - 1.5,
});
const poll = async (symbols: string) =>
  (await quotesLoader(args(getRequest(`/resources/quotes?symbols=${symbols}`)))).json();

describe("/resources/quotes", () => {
  it("asks the provider once for the same symbols polled within a second", async () => {
    provider.reply("/v2/quotes", { json: ok({ rows: [quote("TCS.NS", 3050), quote("INFY.NS", 1520)] }) });
    const first = await poll("TCS.NS,INFY.NS");
    provider.reply("/v2/quotes", { json: ok({ rows: [quote("TCS.NS", 3051), quote("INFY.NS", 1521)] }) });
    const second = await poll("TCS.NS,INFY.NS");
    expect(first.rows.map((row: { price: number }) => row.price)).toEqual([3050, 1520]);
    expect(second.rows.map((row: { price: number }) => row.price)).toEqual([3050, 1520]);
    expect(provider.calls.map((call) => call.query.symbols)).toEqual(["TCS.NS,INFY.NS"]);
  });

  it("another list of symbols is asked for on its own", async () => {
    provider.reply("/v2/quotes", { json: ok({ rows: [quote("TCS.NS", 3050)] }) });
    await poll("TCS.NS,INFY.NS");
    await poll("TCS.NS");
    expect(provider.calls.map((call) => call.query.symbols)).toEqual(["TCS.NS,INFY.NS", "TCS.NS"]);
  });

  it("a failed poll is not kept: the next one asks again and gets the prices", async () => {
    provider.reply("/v2/quotes", { fail: "network" });
    const failed = await quotesLoader(args(getRequest("/resources/quotes?symbols=TCS.NS")));
    expect(failed.status).toBe(503);
    provider.reply("/v2/quotes", { json: ok({ rows: [quote("TCS.NS", 3052)] }) });
    expect((await poll("TCS.NS")).rows.map((row: { price: number }) => row.price)).toEqual([3052]);
    expect(provider.calls).toHaveLength(2);
  });
});
