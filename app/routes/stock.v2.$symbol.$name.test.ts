/**
 * The stock detail (/stock/v2/{symbol}/{name}) and its favourite star, with JavaScript (JSON) and without (redirect
 * and toast), against a real provider with a fresh customer; then the star against failing watchlist calls, against
 * a scripted provider.
 */
import { describe, expect, it } from "vitest";

import { ProviderError, ProviderUnavailableError } from "~/provider/core.server";
import { isInWatchlist } from "~/provider/watchlist.server";
import {
  expectSentToLogin,
  formRequest,
  getRequest,
  routeArgs,
  providerLogout,
  SCRIPTED_QUOTE,
  settle,
  useRouteFixture,
  useScriptedProvider,
} from "~/testing/route-harness";

import { action as detailAction, loader as detailLoader, type StockDetailData } from "./stock.v2.$symbol.$name";
import en from "../../locales/en/watchlist.json";

const customer = useRouteFixture().useSignedIn();
const { context: ctx, toastOf } = customer;

describe("visitors", () => {
  it("a visitor is sent to log in", () =>
    expectSentToLogin(detailLoader, "/stock/v2/RELIANCE.NS/Reliance", { symbol: "RELIANCE.NS", name: "Reliance" }));

  it("a visitor's POST to the star changes nothing and goes to log in", async () => {
    const star = await settle(() =>
      detailAction(
        routeArgs(formRequest("/stock/v2/TCS.NS/TCS", { intent: "add" }), { symbol: "TCS.NS", name: "TCS" }),
      ),
    );
    expect(star.status).toBe(302);
    expect(star.headers.get("Location")).toMatch(/^\/login/);
  });
});

it("resolves the code as the customer sees it (defect 14)", async () => {
  const detail = await detailLoader(
    routeArgs(getRequest("/stock/v2/INFY/Infosys", customer.cookie), { symbol: "INFY", name: "Infosys" }),
  );
  expect(detail.status).toBe(200);
  const data: StockDetailData = await detail.json();
  expect(data.quote.symbol).toBe("INFY.NS");
  expect(data.quote.display).toBe("INFY");
});

describe("favourite star (stock detail v2)", () => {
  const params = { symbol: "INFY.NS", name: "Infosys" };
  const detail = async () =>
    (await detailLoader(routeArgs(getRequest("/stock/v2/INFY.NS/Infosys", customer.cookie), params))).json();
  const toggle = (fields: Record<string, string>) =>
    settle(() =>
      detailAction(routeArgs(formRequest("/stock/v2/INFY.NS/Infosys", fields, { cookie: customer.cookie }), params)),
    );

  it("shows the quote card figures and the current state", async () => {
    const data: StockDetailData = await detail();
    expect(data.quote.symbol).toBe("INFY.NS");
    expect(data.quote.market).toBe("IN");
    expect(data.quote.linePath).toMatch(/^M/);
    expect(data.quote.kind).toBe("stock");
    expect(data.collected).toBe(false);
  });

  it("with JavaScript: add → check true → remove → check false, as JSON", async () => {
    const added = await toggle({ intent: "add", enhanced: "1" });
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ ok: true, collected: true });
    expect(await isInWatchlist(await ctx(), "INFY.NS")).toBe(true);
    expect((await detail()).collected).toBe(true);

    const removed = await toggle({ intent: "remove", enhanced: "1" });
    expect(await removed.json()).toEqual({ ok: true, collected: false });
    expect(await isInWatchlist(await ctx(), "INFY.NS")).toBe(false);
    expect((await detail()).collected).toBe(false);
  });

  it("without JavaScript: the POST redirects back with a toast", async () => {
    const added = await toggle({ intent: "add" });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/stock/v2/INFY.NS/Infosys");
    expect(await toastOf(added)).toEqual({ key: "watchlist:favourite.added", values: { name: "Infosys" } });
    expect(await isInWatchlist(await ctx(), "INFY.NS")).toBe(true);

    const removed = await toggle({ intent: "remove" });
    expect(await toastOf(removed)).toEqual({ key: "watchlist:favourite.removed", values: { name: "Infosys" } });
    expect(await isInWatchlist(await ctx(), "INFY.NS")).toBe(false);
  });

  it("a failure keeps the state and says Error, try again later", async () => {
    const unknown = { symbol: "NOPE.NS", name: "Nope" };
    const enhanced = await settle(() =>
      detailAction(
        routeArgs(
          formRequest("/stock/v2/NOPE.NS/Nope", { intent: "add", enhanced: "1" }, { cookie: customer.cookie }),
          unknown,
        ),
      ),
    );
    expect(enhanced.status).toBe(502);
    expect(await enhanced.json()).toEqual({ ok: false, collected: false, message: en.favourite.errorText });

    const plain = await settle(() =>
      detailAction(
        routeArgs(formRequest("/stock/v2/NOPE.NS/Nope", { intent: "add" }, { cookie: customer.cookie }), unknown),
      ),
    );
    expect(plain.status).toBe(302);
    expect(await toastOf(plain)).toEqual({ key: "watchlist:favourite.failedToast", type: "error" });
    expect(en.favourite.errorTitle).toBe("Error");
    expect(en.favourite.errorText).toMatch(/try again later/i);
  });

  // Defect 10: a malformed favourite request answered 502 ("try again later"); it is the request that is wrong.
  it.each([
    ["a missing intent", { enhanced: "1" }],
    ["an empty intent", { intent: "", enhanced: "1" }],
    ["an unknown intent", { intent: "explode", enhanced: "1" }],
    ["an intent in the wrong case", { intent: "ADD", enhanced: "1" }],
    ["a delete intent", { intent: "delete", enhanced: "1" }],
  ])("%s (JavaScript on) is a 400 with a clear message, and nothing is written", async (_label, fields) => {
    const response = await toggle(fields);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ ok: false, collected: null, message: en.favourite.invalid });
    expect(body.result.status).toBe("error");
    expect(await isInWatchlist(await ctx(), "INFY.NS")).toBe(false);
  });

  it("without JavaScript a malformed request re-renders the page with the same 400 and message", async () => {
    const response = await toggle({ intent: "explode" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false, message: en.favourite.invalid });
    expect(await isInWatchlist(await ctx(), "INFY.NS")).toBe(false);
  });

  it("refuses a cross-origin POST before touching the watchlist", async () => {
    const response = await settle(() =>
      detailAction(
        routeArgs(
          formRequest(
            "/stock/v2/INFY.NS/Infosys",
            { intent: "add" },
            { cookie: customer.cookie, headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } },
          ),
          params,
        ),
      ),
    );
    expect(response.status).toBe(403);
    expect(await isInWatchlist(await ctx(), "INFY.NS")).toBe(false);
  });
});

describe("against a scripted provider", () => {
  const { provider, session, toastOf } = useScriptedProvider();
  const cookie = () => session.cookie;

  describe("the favourite star against failing watchlist calls", () => {
    const params = { symbol: "TCS.NS", name: "TCS" };

    it("sends the documented request: POST collection/add {symbol}", async () => {
      provider.respond(() => ({ collected: true }));
      const response = await detailAction(
        routeArgs(formRequest("/stock/v2/TCS.NS/TCS", { intent: "add", enhanced: "1" }, { cookie: cookie() }), params),
      );
      expect(await response.json()).toEqual({ ok: true, collected: true });
      expect(provider.calls).toMatchObject([
        { path: "/stock/success/collection/add", method: "POST", body: { symbol: "TCS.NS" } },
      ]);
    });

    it.each([
      ["an outage", () => new ProviderUnavailableError("timeout")],
      ["a business refusal", () => new ProviderError("server_error")],
    ])("%s: JSON ok:false (JS) and an error toast (no JS); the star keeps its state", async (_label, failure) => {
      provider.respond(() => {
        throw failure();
      });
      const enhanced = await settle(() =>
        detailAction(
          routeArgs(
            formRequest("/stock/v2/TCS.NS/TCS", { intent: "remove", enhanced: "1" }, { cookie: cookie() }),
            params,
          ),
        ),
      );
      expect(enhanced.status).toBe(502);
      expect(await enhanced.json()).toEqual({ ok: false, collected: true, message: en.favourite.errorText });

      const plain = await settle(() =>
        detailAction(
          routeArgs(formRequest("/stock/v2/TCS.NS/TCS", { intent: "remove" }, { cookie: cookie() }), params),
        ),
      );
      expect(plain.status).toBe(302);
      expect(plain.headers.get("Location")).toBe("/stock/v2/TCS.NS/TCS");
      expect(await toastOf(plain)).toEqual({ key: "watchlist:favourite.failedToast", type: "error" });
    });

    it("a failed check still shows the page, star off", async () => {
      provider.respond(({ path }) => {
        if (path === "/v2/yahoo") return SCRIPTED_QUOTE;
        throw new ProviderUnavailableError("network");
      });
      const data = await (await detailLoader(routeArgs(getRequest("/stock/v2/TCS.NS/TCS", cookie()), params))).json();
      expect(data.collected).toBe(false);
      expect(data.quote.price).toBe(10);
    });

    it("the provider ending the session sends the customer to log in", async () => {
      provider.respond(() => {
        throw providerLogout();
      });
      const response = await settle(() =>
        detailAction(routeArgs(formRequest("/stock/v2/TCS.NS/TCS", { intent: "add" }, { cookie: cookie() }), params)),
      );
      expect(response.headers.get("Location")).toMatch(/^\/login/);
    });
  });
});
