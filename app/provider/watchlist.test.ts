/** The watchlist client (docs/provider-api.md, collection/list) against the scripted provider. */
import { expect, it } from "vitest";

import { useScriptedProvider } from "~/testing/route-harness";

import { listWatchlist } from "./watchlist.server";

const { provider } = useScriptedProvider();

it("the list client asks for pages of 10 and tolerates a reply without a list", async () => {
  provider.respond(() => ({}));
  const ctx = { token: "t", request: new Request("http://localhost") };
  expect(await listWatchlist(ctx, { page: 2 })).toEqual({ list: [], total: 0 });
  expect(provider.calls[0]).toMatchObject({
    path: "/stock/success/collection/list",
    query: { page: "2", pageSize: "10" },
  });
});
