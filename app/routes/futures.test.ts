/**
 * /futures, the futures list (docs/product.md#lists): search, and its own words for no match, an empty list and a failure.
 */
import { describe, expect, it } from "vitest";

import type { InstrumentListData } from "~/features/trading/lists.server";
import { ProviderUnavailableError } from "~/provider/core.server";
import { expectSentToLogin, failWith, load, useRouteFixture, useScriptedProvider } from "~/testing/route-harness";

import { loader as futuresLoader } from "./futures";

it("a visitor is sent to log in", () => expectSentToLogin(futuresLoader, "/futures"));

describe("the list", () => {
  const customer = useRouteFixture().useSignedIn();
  const list = (path: string) => load<InstrumentListData>(futuresLoader, path, customer.cookie);

  it("futures: the list, search and the no-match messages", async () => {
    const futures = await list("/futures");
    expect(futures.rows.map((row) => row.symbol)).toContain("GC=F");
    const gold = await list("/futures?code=GC");
    expect(gold.rows.map((row) => row.symbol)).toContain("GC=F");
    const none = await list("/futures?code=nothing-like-this");
    expect(none.empty).toBe("No matching futures found");
    const blank = await list("/futures?code=");
    expect(blank.codeError).toBe("Please enter a code to search");
  });
});

describe("when the provider fails (scripted)", () => {
  const { provider, get } = useScriptedProvider();
  const page = async (path: string) => (await get(futuresLoader, path)).json();

  it("futures: a load failure and an empty list have their own words", async () => {
    provider.respond(failWith(new ProviderUnavailableError("network")));
    expect((await page("/futures")).failure).toBe("Failed to load futures list");
    provider.respond(() => ({ rows: [], count: 0 }));
    expect((await page("/futures")).empty).toBe("No futures data available");
  });
});
