/**
 * /treasury-debt, the treasury debt list (docs/product.md#lists): search, and its own words for no match, an empty list and a failure.
 */
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "INR";
});

import type { InstrumentListData } from "~/features/trading/lists.server";
import { ProviderUnavailableError } from "~/provider/core.server";
import {
  expectSentToLogin,
  failWith,
  getRequest,
  useSignedInTrader,
  useRealProvider,
  useScriptedProvider,
  load,
} from "~/testing/route-harness";

import { loader as treasuryLoader } from "./treasury-debt";

const provider = useRealProvider();

it("a visitor is sent to log in", async () => {
  await expectSentToLogin(treasuryLoader, "/treasury-debt");
});

describe("the list", () => {
  const customer = useSignedInTrader(provider);
  const list = (path: string) => load<InstrumentListData>(treasuryLoader, path, customer.cookie);

  it("treasury: the list, search and the no-match message", async () => {
    const treasury = await list("/treasury-debt");
    expect(treasury.rows.map((row) => row.symbol)).toContain("^TNX");
    const noTreasury = await list("/treasury-debt?code=xyzxyz");
    expect(noTreasury.empty).toBe("No matching treasury debt found");
  });
});

describe("when the provider fails (scripted)", () => {
  const { provider, session } = useScriptedProvider();
  const args = (path: string) => ({ request: getRequest(path, session.cookie), params: {}, context: {} });

  it("treasury: a load failure and empty lists have their own words", async () => {
    provider.respond(failWith(new ProviderUnavailableError("network")));
    expect((await (await treasuryLoader(args("/treasury-debt"))).json()).failure).toBe(
      "Failed to load treasury debt list",
    );
    provider.respond(() => ({ rows: [], count: 0 }));
    expect((await (await treasuryLoader(args("/treasury-debt"))).json()).empty).toBe("No treasury debt data available");
    expect((await (await treasuryLoader(args("/treasury-debt?code=zz"))).json()).empty).toBe(
      "No matching treasury debt found",
    );
  });
});
