import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "MXN";
});

import { loader as homeLoader } from "./_index";
import { loader as marketsLoader } from "./markets";

describe("MXN deployment", () => {
  it("shows Mexican categories and the latest 3 news items on home", async () => {
    const response = await homeLoader({ request: new Request("http://localhost/"), params: {}, context: {} });
    const data = await response.json();
    expect(data.deployment).toBe("MXN");
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
    const first = await (
      await marketsLoader({ request: new Request("http://localhost/markets"), params: {}, context: {} })
    ).json();
    const views = await Promise.all(
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
});
