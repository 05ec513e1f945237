/** Tests of app/routes/resources.forex.ts, the forex list's "load more" (one test file per route). */
import { describe, expect, it } from "vitest";

import { getRequest, settle, useScriptedProvider } from "~/testing/route-harness";

import { loader } from "./resources.forex";

const pair = (code: string) => ({
  code,
  name: code,
  price: "83.1200",
  rate: "0.0100",
  ratio: "0.01",
  high: "83.2000",
  low: "83.0000",
  open: "83.1000",
  close: "83.1100",
});

describe("/resources/forex", () => {
  const { provider, session } = useScriptedProvider();
  const load = (path: string) =>
    settle(() => loader({ request: getRequest(path, session.cookie), params: {}, context: {} }));

  it("a page past the end is 'no such page' (404), so the list says there is no more", async () => {
    provider.reply("/v2/currency/list", { json: { msg: "ok", data: { count: 3, rows: [] } } });
    const response = await load("/resources/forex?page=5");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "no_such_page" });
  });

  it("a session the provider ended goes to log in with the cookie cleared, as from every route", async () => {
    provider.reply("/v2/currency/list", { status: 400, json: { msg: "logout" } });
    const response = await load("/resources/forex?page=2");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fresources%2Fforex%3Fpage%3D2");
    expect(response.headers.getSetCookie().join("\n")).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/);
  });

  it("a page of the list is its rows", async () => {
    provider.reply("/v2/currency/list", { json: { msg: "ok", data: { count: 11, rows: [pair("USDINR")] } } });
    const response = await load("/resources/forex?page=2");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ page: 2, rows: [{ name: "USDINR" }] });
  });

  it("a visitor gets 401", async () => {
    const response = await settle(() =>
      loader({ request: getRequest("/resources/forex?page=2"), params: {}, context: {} }),
    );
    expect(response.status).toBe(401);
  });
});
