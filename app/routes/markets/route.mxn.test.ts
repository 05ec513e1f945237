import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "MXN";
});

import { getToast } from "~/session/toast.server";
import { cookieHeaderFrom, settle, useRealProvider } from "~/testing/route-harness";

import { loader as homeLoader, type HomeData } from "../_index";
import { loader as marketsLoader, type MarketsData } from "./route";

useRealProvider({ deployment: "MXN" });

describe("MXN deployment", () => {
  // The embedded provider boots (migrates an in-memory database) on first use: slow on a busy machine.
  beforeAll(() => homeLoader({ request: new Request("http://localhost/"), params: {}, context: {} }), 180_000);

  it("shows Mexican categories and the latest 3 news items on home", async () => {
    const response = await homeLoader({ request: new Request("http://localhost/"), params: {}, context: {} });
    const data: HomeData = await response.json();
    expect(data.categories.map((c) => c.code)).toEqual(["MX", "US"]);
    expect(data.news).not.toBeNull();
    expect(data.news).toHaveLength(3);
    for (const item of data.news ?? []) {
      expect(typeof item.id).toBe("number");
      expect(item.title).not.toBe("");
      expect(Number.isNaN(Date.parse(item.createdAt))).toBe(false);
    }
    expect(data.categories.flatMap((c) => c.indices).length).toBeGreaterThan(0);
  });

  it("lists the MX market and not the Indian one, and keeps .MX on symbols", async () => {
    const first: MarketsData = await (
      await marketsLoader({ request: new Request("http://localhost/markets"), params: {}, context: {} })
    ).json();
    const views: MarketsData[] = await Promise.all(
      first.categories.map(async (c) =>
        (
          await marketsLoader({
            request: new Request(`http://localhost/markets?category=${encodeURIComponent(c.code)}`),
            params: {},
            context: {},
          })
        ).json(),
      ),
    );
    const listed = views.map((view) => view.category?.market);
    expect(listed).toContain("MX");
    expect(listed).not.toContain("IN");
    const mexican = views.find((view) => view.category?.market === "MX");
    expect(mexican?.rows.length).toBeGreaterThan(0);
    for (const row of mexican?.rows ?? []) {
      expect(row.symbol).toMatch(/\.MX$/);
      expect(row.display).toBe(row.symbol);
    }
  });

  it("an Indian category is not listed here: it says so instead of silently showing the Mexican list", async () => {
    for (const category of ["IN", "in"]) {
      const response = await settle(() =>
        marketsLoader({
          request: new Request(`http://localhost/markets?category=${category}&page=2`),
          params: {},
          context: {},
        }),
      );
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/markets");
      const toast = (
        await getToast(new Request("http://localhost/", { headers: { Cookie: cookieHeaderFrom(response) } }))
      ).toast;
      expect(toast).toEqual({ key: "markets:markets.unknownCategory", values: { category }, type: "error" });
    }
  });

  it("prices Mexican stocks in pesos and keeps index levels plain (the loader sends the market and kind)", async () => {
    const data: MarketsData = await (
      await marketsLoader({ request: new Request("http://localhost/markets?category=MX"), params: {}, context: {} })
    ).json();
    expect(data.index?.kind).toBe("index");
    expect(data.index?.market).toBe("MX");
    for (const row of data.rows) expect(row.market).toBe("MX");
  });
});
