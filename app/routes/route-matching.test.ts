/*
 * The server's route matcher is patched (patches/@remix-run+router+1.23.3.patch, decision 0161): ranked branches
 * are cached per route-tree shape, path matchers are compiled once, and which branch a pathname matches is kept
 * per shape (decision 0164). Remix builds new route objects for every
 * document render, so a match must come back bound to the tree it was asked about, and a tree whose shape changed
 * must not be matched against an older one's branches: either mistake would render the wrong screen.
 */
import { createRequire } from "node:module";

import { describe, expect, it } from "vitest";

// The CommonJS build is the one the production server loads (the matcher patch is in it only; the ES module the
// browser bundle is made from is unpatched, decision 0231).
const { matchRoutes } = createRequire(import.meta.url)("@remix-run/router") as typeof import("@remix-run/router");

type Route = import("@remix-run/router").AgnosticRouteObject;

function appTree(): Route[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "home", index: true },
        { id: "markets", path: "markets" },
        { id: "detail", path: "stock/:symbol/:market/:name?" },
        {
          id: "account-layout",
          children: [
            { id: "account", path: "account" },
            { id: "records", path: "account/:kind" },
          ],
        },
        { id: "Exact", path: "CaseSensitive", caseSensitive: true },
        { id: "not-found", path: "*" },
      ],
    },
  ];
}

function ids(tree: Route[], path: string) {
  return (
    matchRoutes(tree, path)
      ?.map((m) => m.route.id)
      .join(" > ") ?? null
  );
}

describe("route matching on the server (patched matcher)", () => {
  it("finds the screen and its params for each kind of path", () => {
    const tree = appTree();
    expect(ids(tree, "/")).toBe("root > home");
    expect(ids(tree, "/markets")).toBe("root > markets");
    expect(ids(tree, "/account")).toBe("root > account-layout > account");
    expect(ids(tree, "/account/orders")).toBe("root > account-layout > records");
    expect(matchRoutes(tree, "/stock/RELIANCE/NSE")?.at(-1)?.params).toEqual({
      symbol: "RELIANCE",
      market: "NSE",
      name: undefined,
    });
    expect(matchRoutes(tree, "/stock/RELIANCE/NSE/Reliance%20Industries")?.at(-1)?.params).toEqual({
      symbol: "RELIANCE",
      market: "NSE",
      name: "Reliance Industries",
    });
    expect(ids(tree, "/CaseSensitive")).toBe("root > Exact");
    expect(ids(tree, "/casesensitive")).toBe("root > not-found");
    expect(matchRoutes(tree, "/no/such/page")?.at(-1)?.params).toEqual({ "*": "no/such/page" });
  });

  it("returns the route objects of the tree it was given, not those of an equal tree matched before", () => {
    const first = appTree();
    const second = appTree();
    matchRoutes(first, "/account/orders");
    const matches = matchRoutes(second, "/account/orders")!;
    const [root, layout, records] = matches.map((m) => m.route);
    expect(root).toBe(second[0]);
    expect(layout).toBe(second[0].children![3]);
    expect(records).toBe(second[0].children![3].children![1]);
  });

  it("matches a route added to a tree after an equal-looking tree was matched", () => {
    const tree = appTree();
    expect(ids(tree, "/wallet")).toBe("root > not-found");
    tree[0].children!.splice(1, 0, { id: "wallet", path: "wallet" });
    expect(ids(tree, "/wallet")).toBe("root > wallet");
    expect(ids(tree, "/markets")).toBe("root > markets");
    expect(matchRoutes(tree, "/markets")![1].route).toBe(tree[0].children![2]);
  });

  it("notices a tree changed in place after it was matched often enough to be known by identity (decision 0325)", () => {
    const tree = appTree();
    const known = () => {
      for (let i = 0; i < 3; i++) expect(ids(tree, "/account")).toBe("root > account-layout > account");
    };
    known();
    tree[0].children!.push({ id: "funds", path: "funds" });
    expect(ids(tree, "/funds")).toBe("root > funds");
    known();
    tree[0].children![1].path = "quotes";
    expect(ids(tree, "/quotes")).toBe("root > markets");
    expect(ids(tree, "/markets")).toBe("root > not-found");
    known();
    tree[0].children![3].children!.push({ id: "cards", path: "account/cards/:id" });
    expect(matchRoutes(tree, "/account/cards/7")?.at(-1)?.params).toEqual({ id: "7" });
    known();
    tree[0].children![0] = { id: "landing", index: true };
    expect(ids(tree, "/")).toBe("root > landing");
    tree[0].children![4].caseSensitive = false;
    expect(ids(tree, "/casesensitive")).toBe("root > Exact");
  });

  it("gives every call its own matches: a caller that changes its params does not change the next answer", () => {
    const tree = appTree();
    const first = matchRoutes(tree, "/stock/TCS/NSE/Tata")!;
    (first[0].params as Record<string, string>).symbol = "CHANGED";
    first.at(-1)!.pathname = "/changed";
    const again = matchRoutes(tree, "/stock/TCS/NSE/Tata")!;
    expect(again.at(-1)?.params).toEqual({ symbol: "TCS", market: "NSE", name: "Tata" });
    expect(again.at(-1)?.pathname).toBe("/stock/TCS/NSE/Tata");
    // As the unpatched matcher does: the matches of one answer share one params object.
    expect(again[0].params).toBe(again[1].params);
    expect(matchRoutes(tree, "/stock/INFY/NSE")?.at(-1)?.params).toEqual({
      symbol: "INFY",
      market: "NSE",
      name: undefined,
    });
  });

  it("answers an unknown path the same way every time and keeps answering after many distinct paths", () => {
    const tree = [
      {
        id: "root",
        path: "",
        children: [
          { id: "markets", path: "markets" },
          { id: "detail", path: "stock/:symbol" },
        ],
      },
    ];
    expect(matchRoutes(tree, "/nowhere")).toBeNull();
    expect(matchRoutes(tree, "/nowhere")).toBeNull();
    for (let i = 0; i < 1200; i++)
      expect(matchRoutes(tree, `/stock/S${i}`)?.at(-1)?.params).toEqual({ symbol: `S${i}` });
    expect(matchRoutes(tree, "/markets")?.at(-1)?.route.id).toBe("markets");
  });
});
