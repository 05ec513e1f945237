/**
 * The embedded provider's in-process call (provider/embedded.ts `callInProcess`, docs/decisions/0295): every reply
 * the app reads through it has the status and envelope the same request gets as a Response.
 */
import { describe, expect, it } from "vitest";

import { callInProcess } from "../embedded";
import { newTrader, useInProcessProvider } from "./helpers";

const p = useInProcessProvider();

async function both(path: string, init: RequestInit = {}) {
  const request = () => new Request(`http://provider.internal${path}`, init);
  const viaResponse = await p.app.fetch(request(), { fromApp: true });
  const inProcess = await callInProcess(p.app, request());
  return {
    response: { status: viaResponse.status, body: await viaResponse.json() },
    inProcess: { status: inProcess.status, body: await inProcess.json(), isResponse: inProcess instanceof Response },
  };
}

describe("callInProcess", () => {
  it("hands an ok reply back as its JSON, without a Response, the same envelope as over HTTP", async () => {
    const t = await newTrader(p, "2500.50");
    const { response, inProcess } = await both("/api/stock/success/v2/user/info", { headers: { token: t.token } });
    expect(inProcess.isResponse).toBe(false);
    expect(inProcess.status).toBe(200);
    expect(inProcess.body).toEqual(response.body);
    expect(inProcess.body).toMatchObject({ msg: "ok", data: { user: t.phone, money: "2500.50" } });
  });

  it("answers a POST's ok the same way", async () => {
    const login = () => ({
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user: "9876543210", password: "demo1234" }),
    });
    const inProcess = await callInProcess(p.app, new Request("http://provider.internal/api/stock/user/login", login()));
    expect(inProcess instanceof Response).toBe(false);
    expect(inProcess.status).toBe(200);
    expect(await inProcess.json()).toMatchObject({
      msg: "ok",
      data: { user: "9876543210", money: "100000.00", held: "0.00", token: expect.any(String) },
    });
  });

  it("passes refusals, logout and unknown paths through as the provider's Response", async () => {
    const refused = await both("/api/stock/user/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user: "9876543210", password: "wrong-password" }),
    });
    expect(refused.inProcess.isResponse).toBe(true);
    expect(refused.inProcess.body).toMatchObject({ msg: "no" });
    expect(refused.inProcess.status).toBe(refused.response.status);

    const loggedOut = await both("/api/stock/success/v2/user/info", { headers: { token: "not-a-session" } });
    expect(loggedOut.inProcess).toEqual({ status: 400, body: { msg: "logout" }, isResponse: true });

    const missing = await both("/api/nowhere");
    expect(missing.inProcess).toEqual({
      status: 404,
      body: { msg: "no", data: { code: "not_found" } },
      isResponse: true,
    });
  });
});
