/**
 * The watchlist (/watchlists): the home market's index tiles, saved stocks 10 a page, edit mode and the
 * server-rendered confirm step before a delete, against a real provider with a fresh customer; then failures,
 * against a scripted provider.
 */
import { describe, expect, it } from "vitest";

import { ProviderUnavailableError } from "~/provider/core.server";
import { getStockList } from "~/provider/market.server";
import { addToWatchlist, isInWatchlist } from "~/provider/watchlist.server";
import {
  expectSentToLogin,
  formRequest,
  getRequest,
  routeArgs,
  settle,
  useRouteFixture,
  useScriptedProvider,
} from "~/testing/route-harness";

import { action as watchlistAction, loader as watchlistLoader, type WatchlistData } from "./route";
import en from "../../../locales/en/watchlist.json";

const customer = useRouteFixture().useSignedIn();
const { context: ctx, toastOf } = customer;

describe("visitors", () => {
  it("a visitor is sent to log in", () => expectSentToLogin(watchlistLoader, "/watchlists?edit=1"));

  it("a visitor's POST to the watchlist changes nothing and goes to log in", async () => {
    const remove = await settle(() =>
      watchlistAction(routeArgs(formRequest("/watchlists", { intent: "delete", symbol: "TCS.NS" }))),
    );
    expect(remove.headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("watchlist", () => {
  const load = async (search = ""): Promise<WatchlistData> => {
    const response = await watchlistLoader(routeArgs(getRequest(`/watchlists${search}`, customer.cookie)));
    expect(response.status).toBe(200);
    return response.json();
  };
  let saved: string[] = [];

  it("shows the home market's index tiles and the empty state", async () => {
    const data = await load();
    expect(data.tiles?.code).toBe("IN");
    expect(data.tiles?.market).toBe("IN");
    expect(data.tiles?.indices.map((index) => index.symbol)).toEqual(["^NSEI", "^BSESN", "^NSEBANK"]);
    for (const index of data.tiles?.indices ?? []) expect(Number.isFinite(index.price)).toBe(true);
    expect(data.total).toBe(0);
    expect(data.rows).toEqual([]);
    expect(data.pageCount).toBe(1);
  });

  it("pages saved stocks 10 at a time, newest first, and sends a page past the end to the last page", async () => {
    const context = await ctx();
    const { rows } = await getStockList(context, { market: "IN", limit: 12 });
    saved = rows.map((row) => row.stock);
    expect(saved).toHaveLength(12);
    for (const symbol of saved) await addToWatchlist(context, symbol);

    const first = await load();
    expect(first.total).toBe(12);
    expect(first.pageCount).toBe(2);
    expect(first.rows).toHaveLength(10);
    expect(first.rows[0].symbol).toBe(saved[11]);
    expect(first.rows[0].display).toBe(saved[11].replace(/\.(NS|BO)$/, ""));
    for (const row of first.rows) expect(Number.isFinite(row.price) && Number.isFinite(row.changePercent)).toBe(true);

    const second = await load("?page=2");
    expect(second.rows.map((row) => row.symbol)).toEqual([saved[1], saved[0]]);

    const past = await settle(() =>
      watchlistLoader(routeArgs(getRequest("/watchlists?page=9&edit=1", customer.cookie))),
    );
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe("/watchlists?edit=1&page=2");
  });

  it("edit mode and the server-rendered confirm step (no JavaScript), then the delete", async () => {
    const edit = await load("?edit=1&page=2");
    expect(edit.edit).toBe(true);
    expect(edit.confirm).toBeNull();

    // A symbol that is not on this page is never offered for confirmation.
    expect((await load(`?edit=1&page=2&confirm=${encodeURIComponent(saved[11])}`)).confirm).toBeNull();
    // Without edit mode there is no confirm step.
    expect((await load(`?page=2&confirm=${encodeURIComponent(saved[0])}`)).confirm).toBeNull();

    const confirm = await load(`?edit=1&page=2&confirm=${encodeURIComponent(saved[0])}`);
    expect(confirm.confirm?.symbol).toBe(saved[0]);
    // The GET changed nothing.
    expect((await load()).total).toBe(12);

    const response = await settle(() =>
      watchlistAction(
        routeArgs(
          formRequest(
            "/watchlists",
            { intent: "delete", symbol: saved[0], name: confirm.confirm!.name, page: "2" },
            { cookie: customer.cookie },
          ),
        ),
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/watchlists?edit=1&page=2");
    expect(await toastOf(response)).toEqual({
      key: "watchlist:watchlist.deleted",
      values: { name: confirm.confirm!.name },
    });
    const after = await load("?edit=1&page=2");
    expect(after.total).toBe(11);
    expect(after.rows.map((row) => row.symbol)).toEqual([saved[1]]);
    expect(await isInWatchlist(await ctx(), saved[0])).toBe(false);
  });

  it("a failed delete redirects back with 'delete failed, try again later'", async () => {
    const response = await settle(() =>
      watchlistAction(
        routeArgs(
          formRequest("/watchlists", { intent: "delete", symbol: "NOPE.NS", page: "1" }, { cookie: customer.cookie }),
        ),
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/watchlists?edit=1");
    expect(await toastOf(response)).toEqual({ key: "watchlist:watchlist.deleteFailed", type: "error" });
    expect(en.watchlist.deleteFailed).toBe("Delete failed, try again later.");
    expect((await load()).total).toBe(11);
  });

  it.each([
    ["a malformed symbol", { intent: "delete", symbol: "<bad>", page: "1" }],
    ["no symbol", { intent: "delete", page: "1" }],
    ["another intent", { intent: "add", symbol: "TCS.NS", page: "1" }],
  ])("%s is refused on the form (400, with a message), nothing deleted", async (_label, fields) => {
    const response = await settle(() =>
      watchlistAction(routeArgs(formRequest("/watchlists?edit=1", fields, { cookie: customer.cookie }))),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.message).toBe(en.watchlist.invalidDelete);
    expect(body.result.status).toBe("error");
    expect((await load()).total).toBe(11);
  });

  it("refuses a cross-origin delete", async () => {
    const response = await settle(() =>
      watchlistAction(
        routeArgs(
          formRequest(
            "/watchlists",
            { intent: "delete", symbol: saved[1] },
            { cookie: customer.cookie, headers: { Origin: "https://evil.example" } },
          ),
        ),
      ),
    );
    expect(response.status).toBe(403);
    expect(await isInWatchlist(await ctx(), saved[1])).toBe(true);
  });
});

describe("against a scripted provider", () => {
  const { provider, session, toastOf } = useScriptedProvider();
  const cookie = () => session.cookie;

  it("watchlist: the page is a 503 when the provider is down", async () => {
    provider.respond(() => {
      throw new ProviderUnavailableError("timeout");
    });
    expect((await settle(() => watchlistLoader(routeArgs(getRequest("/watchlists", cookie()))))).status).toBe(503);
  });

  it("delete: an outage redirects back to the edit list with 'delete failed, try again later'", async () => {
    provider.respond(() => {
      throw new ProviderUnavailableError("network");
    });
    const response = await settle(() =>
      watchlistAction(
        routeArgs(formRequest("/watchlists", { intent: "delete", symbol: "TCS.NS", page: "3" }, { cookie: cookie() })),
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/watchlists?edit=1&page=3");
    expect(await toastOf(response)).toEqual({ key: "watchlist:watchlist.deleteFailed", type: "error" });
    expect(provider.calls).toMatchObject([
      { path: "/stock/success/collection/remove", method: "POST", body: { symbol: "TCS.NS" } },
    ]);
  });
});
