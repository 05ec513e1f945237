import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The deployment is read once when the request context module loads.
vi.hoisted(() => {
  process.env.DEPLOYMENT = "MXN";
});

import { ProviderError, ProviderUnavailableError } from "~/provider/core.server";
import { type ProviderCall, useScriptedProvider } from "~/testing/route-harness";

// Every provider call is answered by `reply.current` through the one scripted double (docs/decisions/0093).
const { provider } = useScriptedProvider();
const reply = { current: (_call: ProviderCall): unknown => undefined };
beforeEach(() => {
  provider.respond((call) => reply.current(call));
});

import { loader as homeLoader, type HomeData } from "../_index";
import { loader as marketsLoader } from "./route";
import { loader as quotesLoader } from "../resources.quotes";

const CATEGORIES = {
  categories: [
    {
      category_id: 1,
      category_code: "MX",
      category_name: "Mexico",
      market: "MX",
      stocks: [{ id: 1, stock_name: "S&P/BMV IPC", stock_code: "^MXX" }],
    },
  ],
};
const QUOTES = {
  rows: [
    {
      symbol: "^MXX",
      name: "S&P/BMV IPC",
      market: "MX",
      price: 55000.5,
      change: -120.25,
      changePercent: -0.22,
      high: 55300,
      low: 54800,
      previousClose: 55120.75,
    },
  ],
};

const args = (url: string) => ({ request: new Request(url), params: {}, context: {} });

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
});

describe("provider failures", () => {
  it("home hides the news block when the news call fails, and still shows the indices", async () => {
    reply.current = ({ path }) => {
      if (path === "/stock/category/list") return CATEGORIES;
      if (path === "/v2/quotes") return QUOTES;
      throw new ProviderUnavailableError("timeout");
    };
    const response = await homeLoader(args("http://localhost/"));
    expect(response.status).toBe(200);
    const data: HomeData = await response.json();
    expect(data.news).toBeNull();
    expect(data.categories[0].indices[0]).toMatchObject({ symbol: "^MXX", price: 55000.5, change: -120.25 });
    expect(warn).toHaveBeenCalled();
  });

  it("home shows news when the news call works", async () => {
    reply.current = ({ path }) => {
      if (path === "/stock/category/list") return CATEGORIES;
      if (path === "/v2/quotes") return QUOTES;
      if (path === "/stock/new/list")
        return {
          rows: [1, 2, 3, 4].map((id) => ({
            id,
            title: `News ${id}`,
            subhead: "",
            img: "",
            created_at: "2026-01-01T00:00:00Z",
            updated_at: "2026-01-01T00:00:00Z",
          })),
          count: 4,
        };
      throw new Error(`unexpected ${path}`);
    };
    const data: HomeData = await (await homeLoader(args("http://localhost/"))).json();
    expect(data.news?.map((item) => item.id)).toEqual([1, 2, 3]);
  });

  it("home fails to its ErrorBoundary (503) when market data is unavailable", async () => {
    reply.current = () => {
      throw new ProviderUnavailableError("network");
    };
    const thrown = await homeLoader(args("http://localhost/")).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(503);
  });

  it("markets turns a provider business failure into a 502 route error", async () => {
    reply.current = () => {
      throw new ProviderError("server_error");
    };
    const thrown = await marketsLoader(args("http://localhost/markets")).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(502);
    expect(await (thrown as Response).json()).toEqual({ code: "server_error" });
  });

  it("markets fails with 503 when the stock list times out", async () => {
    reply.current = ({ path }) => {
      if (path === "/stock/category/list") return CATEGORIES;
      if (path === "/v2/yahoo")
        return { ...QUOTES.rows[0], open: 1, volume: 0, rows: [], linePath: "M0 0", areaPath: "M0 0" };
      throw new ProviderUnavailableError("timeout");
    };
    const thrown = await marketsLoader(args("http://localhost/markets")).catch((error: unknown) => error);
    expect((thrown as Response).status).toBe(503);
  });

  it("the quotes resource answers 503 with no rows (the panel keeps its figures)", async () => {
    reply.current = () => {
      throw new ProviderUnavailableError("timeout");
    };
    const response = await quotesLoader(args("http://localhost/resources/quotes?symbols=%5EMXX"));
    expect(response.status).toBe(503);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toMatchObject({ error: "provider_unavailable", rows: [] });
  });

  it("the quotes resource drops rows the provider adds beyond the request", async () => {
    reply.current = () => ({ rows: [...QUOTES.rows, { ...QUOTES.rows[0], symbol: "^OTHER" }] });
    const body = await (await quotesLoader(args("http://localhost/resources/quotes?symbols=%5EMXX"))).json();
    expect(body.rows.map((row: { symbol: string }) => row.symbol)).toEqual(["^MXX"]);
  });
});
