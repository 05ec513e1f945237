import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { ProviderError, ProviderUnavailableError, callProvider, providerContext } from "~/provider/core.server";
import { loader as supportLoader } from "~/routes/support";
import { commitSession, getSession } from "~/session.server";
import { ORIGIN, cookieHeaderFrom, getRequest, routeArgs, settle } from "~/testing/http";

/** A fake provider on a real socket, answering per path, recording what it received. */
let server: Server;
let baseUrl = "";
const received: { path: string; token?: string; body: string }[] = [];
const replies = new Map<string, { status: number; body: string; delayMs?: number }>();

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", token: req.headers.token as string | undefined, body });
      const reply = replies.get((req.url ?? "").split("?")[0]) ?? { status: 404, body: '{"msg":"no","data":{"code":"not_found"}}' };
      setTimeout(() => {
        res.writeHead(reply.status, { "Content-Type": "application/json" });
        res.end(reply.body);
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  process.env.PROVIDER_URL = baseUrl;
  received.length = 0;
  replies.clear();
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  delete process.env.PROVIDER_URL;
  warn.mockRestore();
});

async function signedInCookie(token = "tok-abc") {
  const session = await getSession(new Request(ORIGIN));
  session.set("token", token);
  session.set("user", { user: "9876543210", no: "7" });
  return (await commitSession(session)).split(";")[0];
}

describe("callProvider", () => {
  it("returns data on msg ok, sends the token header and the query, path under /api", async () => {
    replies.set("/api/v2/stock/list", { status: 200, body: '{"msg":"ok","data":{"rows":[],"count":0}}' });
    const ctx = await providerContext(getRequest("/markets", await signedInCookie()));
    const data = await callProvider<{ count: number }>(ctx, { path: "/v2/stock/list", query: { market: "US", page: 1, symbol: null } });
    expect(data).toEqual({ rows: [], count: 0 });
    expect(received[0]).toMatchObject({ path: "/api/v2/stock/list?market=US&page=1", token: "tok-abc" });
  });

  it("does not send the token when auth is false", async () => {
    replies.set("/api/stock/user/login", { status: 200, body: '{"msg":"ok","data":{}}' });
    const ctx = await providerContext(getRequest("/login", await signedInCookie()));
    await callProvider(ctx, { path: "/stock/user/login", method: "POST", body: { user: "1" }, auth: false });
    expect(received[0].token).toBeUndefined();
    expect(JSON.parse(received[0].body)).toEqual({ user: "1" });
  });

  it("throws ProviderError with code and field on msg no", async () => {
    replies.set("/api/stock/user/reg", { status: 200, body: '{"msg":"no","data":{"code":"invalid_input","field":"user","message":"bad"}}' });
    const ctx = await providerContext(getRequest("/register"));
    const error = await callProvider(ctx, { path: "/stock/user/reg", body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: "invalid_input", field: "user", message: "bad" });
  });

  it("turns HTTP 400 msg logout into a redirect to /login?redirectTo=<path> that destroys the session", async () => {
    replies.set("/api/stock/success/v2/user/info", { status: 400, body: '{"msg":"logout"}' });
    const cookie = await signedInCookie();
    const ctx = await providerContext(getRequest("/account?tab=forex", cookie));
    const thrown = await callProvider(ctx, { path: "/stock/success/v2/user/info" }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Faccount%3Ftab%3Dforex");
    const setCookies = response.headers.getSetCookie();
    expect(setCookies[0]).toMatch(/^__session=;.*Expires=Thu, 01 Jan 1970/i);
    // The replacement cookie carries no token any more.
    const next = cookieHeaderFrom(response, cookie);
    const session = await getSession(getRequest("/", next));
    expect(session.get("token")).toBeUndefined();
  });

  it.each([
    ["5xx", { status: 502, body: "<html>Bad gateway</html>" }, "server_error"],
    ["non-JSON", { status: 200, body: "<html>not json</html>" }, "bad_reply"],
  ])("a %s reply is ProviderUnavailableError (503 response)", async (_label, reply, reason) => {
    replies.set("/api/v2/config", reply);
    const ctx = await providerContext(getRequest("/"));
    const error = await callProvider(ctx, { path: "/v2/config" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as ProviderUnavailableError).reason).toBe(reason);
    expect((error as Response).status).toBe(503);
    expect(await (error as Response).json()).toMatchObject({ code: "provider_unavailable" });
  });

  it("a closed port is ProviderUnavailableError (network)", async () => {
    process.env.PROVIDER_URL = "http://127.0.0.1:9";
    const ctx = await providerContext(getRequest("/"));
    const error = await callProvider(ctx, { path: "/v2/config" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as ProviderUnavailableError).reason).toBe("network");
  });

  it("a reply slower than the 10 s timeout is ProviderUnavailableError (timeout)", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      const timeout = vi.spyOn(AbortSignal, "timeout").mockImplementation(() => {
        const controller = new AbortController();
        setTimeout(() => controller.abort(new DOMException("The operation timed out.", "TimeoutError")), 10_000);
        return controller.signal;
      });
      replies.set("/api/v2/config", { status: 200, body: '{"msg":"ok","data":[]}', delayMs: 60_000 });
      const ctx = await providerContext(getRequest("/"));
      const pending = callProvider(ctx, { path: "/v2/config" }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(10_001);
      const error = await pending;
      expect(timeout).toHaveBeenCalledWith(10_000);
      expect(error).toBeInstanceOf(ProviderUnavailableError);
      expect((error as ProviderUnavailableError).reason).toBe("timeout");
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("a page whose provider is down", () => {
  it("answers 503 with the provider_unavailable code for the friendly error page", async () => {
    process.env.PROVIDER_URL = "http://127.0.0.1:9";
    const response = await settle(() => supportLoader(routeArgs(getRequest("/support", signedInCookieSync))));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: "provider_unavailable" });
  });
});

let signedInCookieSync = "";
beforeAll(async () => {
  signedInCookieSync = await signedInCookie();
});
