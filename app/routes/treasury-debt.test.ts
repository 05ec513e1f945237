/**
 * /treasury-debt, the treasury debt list (docs/product.md#lists): search, and its own words for no match, an empty list and a failure.
 */
import { describe, expect, it } from "vitest";

import type { InstrumentListData } from "~/features/trading/lists.server";
import { ProviderUnavailableError } from "~/provider/core.server";
import { expectSentToLogin, failWith, load, useRouteFixture, useScriptedProvider } from "~/testing/route-harness";

import { loader as treasuryLoader } from "./treasury-debt";

it("a visitor is sent to log in", () => expectSentToLogin(treasuryLoader, "/treasury-debt"));

describe("the list", () => {
  const customer = useRouteFixture().useSignedIn();
  const list = (path: string) => load<InstrumentListData>(treasuryLoader, path, customer.cookie);

  it("treasury: the list, search and the no-match message", async () => {
    const treasury = await list("/treasury-debt");
    expect(treasury.rows.map((row) => row.symbol)).toContain("^TNX");
    const noTreasury = await list("/treasury-debt?code=xyzxyz");
    expect(noTreasury.empty).toBe("No matching treasury debt found");
  });
});

describe("when the provider fails (scripted)", () => {
  const { provider, get } = useScriptedProvider();
  const page = async (path: string) => (await get(treasuryLoader, path)).json();

  it("treasury: a load failure and empty lists have their own words", async () => {
    provider.respond(failWith(new ProviderUnavailableError("network")));
    expect((await page("/treasury-debt")).failure).toBe("Failed to load treasury debt list");
    provider.respond(() => ({ rows: [], count: 0 }));
    expect((await page("/treasury-debt")).empty).toBe("No treasury debt data available");
    expect((await page("/treasury-debt?code=zz")).empty).toBe("No matching treasury debt found");
  });
});
