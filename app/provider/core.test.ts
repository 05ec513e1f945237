/** The typed core (`callProvider`): envelope, token, client address, errors, timeout, unknown outcomes. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import {
  ProviderError,
  ProviderUnavailableError,
  callProvider,
  callProviderIdempotent,
  isUnknownOutcome,
  SessionEndedError,
} from "~/provider/core.server";
import { providerTimeoutMs } from "~/provider/transport.server";
import { loader as healthzLoader } from "~/routes/healthz";
import { mintReviewKey } from "~/session/review-key.server";
import { commitSession, getSession } from "~/session/session.server";
import { getToast } from "~/session/toast.server";
import { ORIGIN, cookieHeaderFrom, getRequest } from "~/testing/http";
import { no, ok, scriptedProvider } from "~/testing/provider-double";
import { providerContext } from "~/utils/request.server";

const provider = scriptedProvider();

beforeEach(() => {
  provider.reset().install();
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  provider.uninstall();
  delete process.env.PROVIDER_URL;
  delete process.env.PROVIDER_TIMEOUT_MS;
});

async function signedInCookie(token = "tok-abc") {
  const session = await getSession(new Request(ORIGIN));
  session.set("token", token);
  session.set("user", { user: "9876543210", no: "7" });
  return (await commitSession(session)).split(";")[0];
}

const errorOf = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => error,
  );

describe("callProvider", () => {
  it("returns data on msg ok, sends the token header and the query, path under /api", async () => {
    provider.reply("/v2/stock/list", { json: ok({ rows: [], count: 0 }) });
    const ctx = await providerContext(getRequest("/markets", await signedInCookie()));
    const data = await callProvider<{ count: number }>(ctx, {
      path: "/v2/stock/list",
      query: { market: "US", page: 1, symbol: null },
    });
    expect(data).toEqual({ rows: [], count: 0 });
    expect(provider.calls).toEqual([
      { method: "GET", path: "/v2/stock/list", query: { market: "US", page: "1" }, token: "tok-abc" },
    ]);
  });

  it("does not send the token when auth is false; a body makes it a JSON POST", async () => {
    provider.reply("/stock/user/login", { json: ok({}) });
    const ctx = await providerContext(getRequest("/login", await signedInCookie()));
    await callProvider(ctx, { path: "/stock/user/login", body: { user: "1" }, auth: false });
    expect(provider.calls).toEqual([{ method: "POST", path: "/stock/user/login", query: {}, body: { user: "1" } }]);
  });

  it("forwards the customer's address the server put in x-client-ip, and nothing when there is none", async () => {
    provider.reply("/stock/user/login", { json: ok({}) });
    const request = new Request(`${ORIGIN}/login`, { headers: { "x-client-ip": "203.0.113.7" } });
    await callProvider(await providerContext(request), { path: "/stock/user/login", body: {} });
    await callProvider(await providerContext(getRequest("/login")), { path: "/stock/user/login", body: {} });
    expect(provider.calls.map((call) => call.clientIp)).toEqual(["203.0.113.7", undefined]);
  });

  it("throws ProviderError with code and field on msg no", async () => {
    provider.reply("/stock/user/reg", { json: no("invalid_input", { field: "user", message: "bad" }) });
    const ctx = await providerContext(getRequest("/register"));
    const error = await errorOf(callProvider(ctx, { path: "/stock/user/reg", body: {} }));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: "invalid_input", field: "user", message: "bad" });
  });

  it("turns HTTP 400 msg logout into a redirect to /login?redirectTo=<path> that destroys the session", async () => {
    provider.reply("/stock/success/v2/user/info", { status: 400, json: { msg: "logout" } });
    const cookie = await signedInCookie();
    const ctx = await providerContext(getRequest("/account?tab=forex", cookie));
    const thrown = await errorOf(callProvider(ctx, { path: "/stock/success/v2/user/info" }));
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Faccount%3Ftab%3Dforex");
    // The replacement cookie carries no token any more.
    const session = await getSession(getRequest("/", cookieHeaderFrom(response, cookie)));
    expect(session.get("token")).toBeUndefined();
  });

  it("without the request layer's context, HTTP 400 msg logout is a SessionEndedError with the provider's reason", async () => {
    provider.reply("/stock/success/v2/user/info", { status: 400, json: { msg: "logout", data: { reason: "device" } } });
    const thrown = await errorOf(
      callProvider({ token: "tok-abc", request: getRequest("/account") }, { path: "/stock/success/v2/user/info" }),
    );
    expect(thrown).toBeInstanceOf(SessionEndedError);
    expect(thrown).toMatchObject({ reason: "device" });
  });

  it.each([
    [{ msg: "logout", data: { reason: "device" } }, "toast.signedOutFromDevice"],
    [{ msg: "logout", data: { reason: "password" } }, "toast.signedOutElsewhere"],
    [{ msg: "logout", data: { reason: "something new" } }, "toast.sessionEnded"],
    [{ msg: "logout" }, "toast.sessionEnded"],
  ])("the logout reply %j says why on the login screen: %s (docs/decisions/0338)", async (json, key) => {
    provider.reply("/stock/success/v2/user/info", { status: 400, json });
    const ctx = await providerContext(getRequest("/account", await signedInCookie()));
    const response = (await errorOf(callProvider(ctx, { path: "/stock/success/v2/user/info" }))) as Response;
    expect((await getToast(getRequest("/", cookieHeaderFrom(response)))).toast).toEqual({ key, type: "info" });
  });

  it.each([
    ["5xx", { status: 502, text: "<html>Bad gateway</html>" }, "server_error"],
    ["non-JSON", { status: 200, text: "<html>not json</html>" }, "bad_reply"],
  ])("a %s reply is ProviderUnavailableError (503 response)", async (_label, reply, reason) => {
    provider.reply("/v2/config", reply);
    const error = await errorOf(callProvider(await providerContext(getRequest("/")), { path: "/v2/config" }));
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error).toMatchObject({ reason, unknownOutcome: false });
    expect((error as Response).status).toBe(503);
    expect(await (error as Response).json()).toEqual({ code: "provider_unavailable", reason });
  });

  it("a closed port is ProviderUnavailableError (network); over real HTTP, a POST's outcome is unknown", async () => {
    provider.uninstall();
    process.env.PROVIDER_URL = "http://127.0.0.1:9";
    const ctx = await providerContext(getRequest("/"));
    const get = await errorOf(callProvider(ctx, { path: "/v2/config" }));
    expect(get).toBeInstanceOf(ProviderUnavailableError);
    expect(get).toMatchObject({ reason: "network", unknownOutcome: false });
    const post = await errorOf(callProvider(ctx, { path: "/stock/success/deal/order", body: { tag: "AAPL" } }));
    expect(post).toMatchObject({ reason: "network", unknownOutcome: true });
    expect(await (post as Response).json()).toEqual({
      code: "provider_unavailable",
      reason: "network",
      unknownOutcome: true,
    });
  });

  it("a reply slower than PROVIDER_TIMEOUT_MS is a timeout; for a POST the outcome is unknown", async () => {
    process.env.PROVIDER_TIMEOUT_MS = "150";
    provider.reply("/v2/config", { json: ok([]), delayMs: 2_000 });
    provider.reply("/stock/success/deal/order", { json: ok({}), delayMs: 2_000 });
    const ctx = await providerContext(getRequest("/"));
    const started = Date.now();
    expect(await errorOf(callProvider(ctx, { path: "/v2/config" }))).toMatchObject({
      reason: "timeout",
      unknownOutcome: false,
    });
    const post = await errorOf(callProvider(ctx, { path: "/stock/success/deal/order", body: {} }));
    expect(isUnknownOutcome(post)).toBe(true);
    expect(post).toMatchObject({ reason: "timeout" });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("the request budget is 10 s unless PROVIDER_TIMEOUT_MS says otherwise", () => {
    expect(providerTimeoutMs()).toBe(10_000);
    process.env.PROVIDER_TIMEOUT_MS = "1000";
    expect(providerTimeoutMs()).toBe(1_000);
    process.env.PROVIDER_TIMEOUT_MS = "soon";
    expect(providerTimeoutMs()).toBe(10_000);
  });
});

describe("callProviderIdempotent", () => {
  // The review's key, minted for the session of the token "tok-abc" (the cookie of `signedInCookie()`).
  const order = {
    path: "/stock/success/deal/order",
    body: { tag: "AAPL", count: 2, idempotency_key: mintReviewKey("tok-abc") },
  };
  const signedIn = async (path = "/") => providerContext(getRequest(path, await signedInCookie()));

  it("after an unknown outcome, sends the same body (same key) once more and returns that reply", async () => {
    let attempts = 0;
    provider.reply(order.path, () => (++attempts === 1 ? { fail: "timeout" } : { json: ok({ no: "D1", count: 2 }) }));
    const ctx = await signedIn("/stock/trading/AAPL/US/Apple");
    const data = await callProviderIdempotent(ctx, order, { delayMs: 1 });
    expect(data).toEqual({ no: "D1", count: 2 });
    expect(provider.calls.map((call) => call.body)).toEqual([order.body, order.body]);
  });

  it("throws the unknown-outcome error when the retry's outcome is unknown too", async () => {
    provider.reply(order.path, { fail: "network" });
    const error = await errorOf(callProviderIdempotent(await signedIn(), order, { delayMs: 1 }));
    expect(isUnknownOutcome(error)).toBe(true);
    expect(provider.calls).toHaveLength(2);
  });

  it("never repeats a business answer or a server error", async () => {
    provider.reply(order.path, { json: no("not_sufficient_funds") });
    const ctx = await signedIn();
    expect(await errorOf(callProviderIdempotent(ctx, order, { delayMs: 1 }))).toMatchObject({
      code: "not_sufficient_funds",
    });
    provider.reply(order.path, { status: 500, text: "oops" });
    expect(await errorOf(callProviderIdempotent(ctx, order, { delayMs: 1 }))).toMatchObject({ reason: "server_error" });
    expect(provider.calls).toHaveLength(2);
  });

  it("sends nothing with a key minted for another session, or a key of no session (decision 0343)", async () => {
    provider.reply(order.path, { json: ok({ no: "D1", count: 2 }) });
    const anotherSignIn = await providerContext(getRequest("/", await signedInCookie("tok-other")));
    expect(await errorOf(callProviderIdempotent(anotherSignIn, order))).toMatchObject({
      code: "review_other_session",
    });
    const withoutTag = { ...order, body: { ...order.body, idempotency_key: "0b5c1f0e-1111-4222-8333-444455556666" } };
    expect(await errorOf(callProviderIdempotent(await signedIn(), withoutTag))).toMatchObject({
      code: "review_other_session",
    });
    expect(await errorOf(callProviderIdempotent(await providerContext(getRequest("/")), order))).toMatchObject({
      code: "review_other_session",
    });
    expect(provider.calls).toEqual([]);
  });

  it("refuses a call without an idempotency key (repeating it could make two orders)", async () => {
    const ctx = await providerContext(getRequest("/"));
    await expect(callProviderIdempotent(ctx, { path: order.path, body: { tag: "AAPL" } })).rejects.toThrow(
      /idempotency_key/,
    );
    expect(provider.calls).toEqual([]);
  });
});

describe("/healthz when the provider is down", () => {
  it("answers 503 with the reason, fast", async () => {
    provider.reply("/health", { fail: "network" });
    const response = await healthzLoader({ request: getRequest("/healthz") });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ ok: false, reason: "network", warnings: [] });
  });
});

describe("/healthz reflects the provider's database (decision 0187)", () => {
  const healthz = async () => {
    const response = await healthzLoader({ request: getRequest("/healthz") });
    return { status: response.status, body: await response.json() };
  };

  it("asks the provider's /health: 200 while it answers ok, 503 while its database is unavailable", async () => {
    provider.reply("/v2/config", { json: ok([]) });
    provider.reply("/health", { json: ok({ status: "ok", time: "2026-11-23T09:00:00.000Z" }) });
    expect(await healthz()).toEqual({ status: 200, body: { ok: true, warnings: [] } });
    provider.reply("/health", { status: 503, json: no("database_unavailable") });
    expect(await healthz()).toEqual({ status: 503, body: { ok: false, reason: "server_error", warnings: [] } });
    expect(provider.calls.map((call) => call.path)).toEqual(["/health", "/health"]);
  });

  it.each([
    ["a JSON 404", { status: 404, json: no("not_found") }],
    ["a 404 page", { status: 404, text: "<html>Not Found</html>" }],
  ])("a provider without /health (%s) is asked for /v2/config, as before", async (_label, reply) => {
    provider.reply("/health", reply);
    provider.reply("/v2/config", { json: ok([]) });
    expect(await healthz()).toEqual({ status: 200, body: { ok: true, warnings: [] } });
    provider.reply("/v2/config", { status: 502, text: "<html>Bad gateway</html>" });
    expect(await healthz()).toEqual({ status: 503, body: { ok: false, reason: "server_error", warnings: [] } });
    expect(provider.calls.map((call) => call.path)).toEqual(["/health", "/v2/config", "/health", "/v2/config"]);
  });
});
