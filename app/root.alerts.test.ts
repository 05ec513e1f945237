/**
 * The root loader's notice of a fired price alert (docs/product.md#price-alerts, docs/decisions/0451): shown once, on
 * the next page load after it fired; the provider is asked which alerts fired only when the chat's unread count rose.
 */
import { describe, expect, it } from "vitest";

import { loader as rootLoader } from "./root";
import {
  cookieHeaderFrom,
  ok,
  ORIGIN,
  sessionCookie,
  signedInTrader,
  useRealProvider,
  useScriptedProvider,
  operator,
} from "~/testing/route-harness";

/** A browser's page load (the root asks the unread count only for those). */
const pageLoad = (cookie: string, path = "/markets") =>
  rootLoader({
    request: new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie, "Sec-Fetch-Dest": "document" } }),
    params: {},
    context: {},
  });
/** The same page load passed on by the service worker: `Sec-Fetch-Dest: empty`, `Sec-Fetch-Mode: navigate`. */
const workerPageLoad = (cookie: string, path = "/markets") =>
  rootLoader({
    request: new Request(`${ORIGIN}${path}`, {
      headers: { Cookie: cookie, "Sec-Fetch-Dest": "empty", "Sec-Fetch-Mode": "navigate" },
    }),
    params: {},
    context: {},
  });
/** A client navigation's data request, or the worker's background copy: never a notice. */
const dataRequest = (cookie: string, path = "/markets?_data=root") =>
  rootLoader({
    request: new Request(`${ORIGIN}${path}`, {
      headers: { Cookie: cookie, "Sec-Fetch-Dest": "empty", "Sec-Fetch-Mode": "cors" },
    }),
    params: {},
    context: {},
  });

describe("with a real provider", () => {
  const provider = useRealProvider();

  it("an alert met between two pages: a notice on the next page, once", async () => {
    const { cookie: session, token } = await signedInTrader(provider);
    await operator(provider).post("/price", { symbol: "TCS.NS", prices: ["2990"] });
    const added = await provider.call("/api/stock/success/alert/add", {
      token,
      body: { tag: "TCS.NS", condition: "above", price: "3000" },
    });
    expect(added.body.msg).toBe("ok");

    const first = await pageLoad(session);
    expect((await first.json()).toast).toBeNull();
    let cookie = cookieHeaderFrom(first, session);

    await operator(provider).post("/price", { symbol: "TCS.NS", prices: ["3001.5"] });
    expect(await provider.ticks.run()).toMatchObject({ alerts: 1 });

    // A data request (a client navigation, the worker's background copy) shows nothing and remembers nothing.
    const data = await dataRequest(cookie);
    expect((await data.json()).toast).toBeNull();
    expect(data.headers.get("Set-Cookie")).toBeNull();
    const next = await workerPageLoad(cookie, "/portfolio");
    expect((await next.json()).toast).toEqual({
      text: "Price alert met: Tata Consultancy Services Ltd at or above ₹3,000.00, now ₹3,001.50. The details are in the support chat.",
      type: "info",
    });
    cookie = cookieHeaderFrom(next, cookie);
    expect((await (await pageLoad(cookie)).json()).toast).toBeNull();
  });
});

describe("provider calls", () => {
  const { provider } = useScriptedProvider();
  const script = (unread: number) => {
    provider.reply("/stock/success/kefu", { json: ok({ url: "", chat_enabled: true }) });
    provider.reply("/stock/success/user_message/unread-count", { json: ok({ unread_count: unread }) });
    provider.reply("/stock/success/alert/list", { json: ok({ rows: [], count: 0, active: 0, max_active: 50 }) });
  };
  const asked = () => provider.calls.filter((call) => call.path === "/stock/success/alert/list").length;

  it("asks which alerts fired only when the unread count rose since the last page", async () => {
    const user = await sessionCookie({ token: "t".repeat(43), phone: "9876543210", id: 8 });
    script(0);
    let cookie = cookieHeaderFrom(await pageLoad(user), user);
    expect(asked()).toBe(0);
    cookie = cookieHeaderFrom(await pageLoad(cookie), cookie);
    expect(asked()).toBe(0);
    script(2);
    cookie = cookieHeaderFrom(await pageLoad(cookie), cookie);
    expect(asked()).toBe(1);
    await pageLoad(cookie);
    expect(asked()).toBe(1);
  });

  it("a changed or foreign seen cookie counts as none: the page loads and asks once, as a new browser's first", async () => {
    const user = await sessionCookie({ token: "t".repeat(43), phone: "9876543210", id: 8 });
    script(2);
    for (const seen of [
      "%7Bnot-json",
      "%7B%22u%22%3A%22someone-else%22%2C%22n%22%3A9%2C%22at%22%3A%22x%22%7D",
      "eyJ1Ijo.sig",
    ]) {
      const response = await pageLoad(`${user}; __alerts_seen=${seen}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Set-Cookie")).toMatch(/^__alerts_seen=%7B%22u%22%3A%22\d+%22%2C%22n%22%3A2%2C/);
    }
    expect(asked()).toBe(3);
  });

  it("several met since the last page: one notice naming them", async () => {
    const user = await sessionCookie({ token: "t".repeat(43), phone: "9876543210", id: 9 });
    script(0);
    const cookie = cookieHeaderFrom(await pageLoad(user), user);
    const fired = (id: number, tag: string, name: string, at: string) => ({
      id,
      tag,
      name,
      type: "IN",
      precision: 2,
      condition: "below",
      price: 100,
      percent: null,
      status: "fired",
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: at,
      fired_at: at,
      fired_price: 99.5,
    });
    provider.reply("/stock/success/user_message/unread-count", { json: ok({ unread_count: 2 }) });
    provider.reply("/stock/success/alert/list", {
      json: ok({
        rows: [
          fired(2, "ITC.NS", "ITC Ltd", new Date(Date.now() + 2_000).toISOString()),
          fired(1, "WIPRO.NS", "Wipro Ltd", new Date(Date.now() + 1_000).toISOString()),
        ],
        count: 2,
        active: 0,
        max_active: 50,
      }),
    });
    expect((await (await pageLoad(cookie)).json()).toast).toEqual({
      text: "2 of your price alerts were met: ITC Ltd, Wipro Ltd. The details are in the support chat.",
      type: "info",
    });
  });
});
