/**
 * /forex, the currency pairs (docs/product.md#lists): 10 a page, search, and its own words when the provider fails.
 */
import { describe, expect, it } from "vitest";

import type { InstrumentListData } from "~/features/trading/lists.server";
import { ProviderError } from "~/provider/core.server";
import {
  expectSentToLogin,
  failWith,
  getRequest,
  load,
  settle,
  useRouteFixture,
  useScriptedProvider,
} from "~/testing/route-harness";

import { loader as forexLoader } from "./forex";

it("a visitor is sent to log in", () => expectSentToLogin(forexLoader, "/forex"));

describe("the list", () => {
  const customer = useRouteFixture().useSignedIn();
  const list = (path: string) => load<InstrumentListData>(forexLoader, path, customer.cookie);

  it("forex: 10 per page, changes to 4 decimals, search, an empty term is an error on the field, a page past the end goes to the last", async () => {
    const first = await list("/forex");
    expect(first.rows).toHaveLength(10);
    expect(first.total).toBeGreaterThan(10);
    expect(first.pageCount).toBe(2);
    expect(first.codeError).toBeNull();
    for (const row of first.rows) expect(Number(row.change.toFixed(4))).toBe(row.change);
    const second = await list("/forex?page=2");
    expect(second.rows.length).toBe(first.total - 10);
    const past = await settle(() =>
      forexLoader({ request: getRequest("/forex?page=9", customer.cookie), params: {}, context: {} }),
    );
    expect(past.headers.get("Location")).toBe("/forex?page=2");

    const blank = await list("/forex?code=%20%20");
    expect(blank.codeError).toBe("Please enter a code to search");
    const found = await list("/forex?code=eurusd");
    expect(found.rows.map((row) => row.symbol)).toContain("EURUSD=X");
    const none = await list("/forex?code=zzzzz");
    expect(none.empty).toBe("No matching currency pairs found");
  });
});

describe("when the provider fails (scripted)", () => {
  const { provider, get } = useScriptedProvider();
  const page = async (path: string) => (await get(forexLoader, path)).json();

  it("forex: 'Failed to load currency list'; while searching, 'Search failed'", async () => {
    provider.respond(failWith(new ProviderError("server_error")));
    expect(await page("/forex")).toMatchObject({
      failure: "Failed to load currency list",
      rows: [],
      empty: null,
    });
    expect(await page("/forex?code=EUR")).toMatchObject({ failure: "Search failed" });
  });
});
