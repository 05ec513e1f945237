/**
 * /futures, the futures list (docs/product.md#lists): search, and its own words for no match, an empty list and a failure.
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

import { loader as futuresLoader } from "./futures";

const provider = useRealProvider();

it("a visitor is sent to log in", async () => {
  await expectSentToLogin(futuresLoader, "/futures");
});

describe("the list", () => {
  const customer = useSignedInTrader(provider);
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
  const { provider, session } = useScriptedProvider();
  const args = (path: string) => ({ request: getRequest(path, session.cookie), params: {}, context: {} });

  it("futures: a load failure and an empty list have their own words", async () => {
    provider.respond(failWith(new ProviderUnavailableError("network")));
    expect((await (await futuresLoader(args("/futures"))).json()).failure).toBe("Failed to load futures list");
    provider.respond(() => ({ rows: [], count: 0 }));
    expect((await (await futuresLoader(args("/futures"))).json()).empty).toBe("No futures data available");
  });
});
