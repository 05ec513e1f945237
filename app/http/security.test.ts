/**
 * The server's security layer, by behaviour over real HTTP (server/app.mjs around the source routes, a real
 * in-memory provider behind the transport hook):
 * - defect 7: security headers on every kind of response;
 * - defect 8: a cross-origin POST to ANY action (the route manifest's list) is a 403 that changes nothing;
 * - defect 10: non-form bodies 415, oversized ones 413, chunked ones 411, before anything is read;
 * - the customer's address forwarded as x-client-ip; /api/operator/* only, only in embedded mode;
 * - forwarded host headers only behind TRUST_PROXY, and one warning when X-Forwarded-For arrives without it (0184);
 * - behind a proxy TRUST_PROXY does not name, no address for the sign-in limits and a warning in /healthz (0351).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { customerAddress, forgetUnnamedProxy } from "~/http/proxy.server";
import { crossOriginReason, trustProxySetting, type IncomingRequest } from "~/http/security.server";
import {
  cookiesOf,
  logIn,
  providerState as stateOf,
  send,
  sourceBuild,
  startAppServer,
  type RawResponse,
  type RunningServer,
} from "~/testing/app-server";
import { scriptedProvider, sendProviderCallsTo } from "~/testing/provider-double";

import {
  createTestProvider,
  newTrader,
  TEST_DEMO_PASSWORD,
  TEST_DEMO_USER,
  type TestProvider,
} from "../../provider/testing";

const incoming = (headers: Record<string, string>, method = "POST"): IncomingRequest => ({
  method,
  path: "/login",
  protocol: "http",
  header: (name) => ({ host: "localhost:3000", ...headers })[name.toLowerCase()],
});

describe("crossOriginReason (one implementation, used by the server before Remix)", () => {
  it("lets same-origin and header-less (non-browser) requests through, and never checks GET", () => {
    expect(
      crossOriginReason(incoming({ origin: "http://localhost:3000", "sec-fetch-site": "same-origin" })),
    ).toBeNull();
    expect(crossOriginReason(incoming({}))).toBeNull();
    expect(crossOriginReason(incoming({ referer: "http://localhost:3000/login?x=1" }))).toBeNull();
    expect(crossOriginReason(incoming({ origin: "https://evil.example" }, "GET"))).toBeNull();
  });

  it.each([
    [{ origin: "https://evil.example" }, /Origin/],
    [{ "sec-fetch-site": "cross-site" }, /cross-site/],
    [{ "sec-fetch-site": "same-site", origin: "http://sub.localhost:3000" }, /same-site/],
    [{ origin: "http://sub.localhost:3000" }, /sub\.localhost/],
    [{ origin: "null" }, /null/],
    [{ origin: "http://localhost:3001" }, /3001/],
    [{ origin: "http://localhost:3000:99" }, /Origin/],
    [{ origin: "not a url" }, /Origin/],
    [{ referer: "https://evil.example/page" }, /Referer/],
    [{ referer: "::::" }, /Referer/],
  ])("refuses %j", (headers, reason) => {
    expect(crossOriginReason(incoming(headers))).toMatch(reason);
  });

  it("accepts the public origin behind a proxy (X-Forwarded-Host/Proto, with TRUST_PROXY) and ALLOWED_ORIGINS", () => {
    const proxied = {
      host: "10.0.0.5:3000",
      origin: "https://trade.example",
      "x-forwarded-host": "trade.example",
      "x-forwarded-proto": "https",
    };
    process.env.TRUST_PROXY = "1";
    try {
      expect(crossOriginReason(incoming(proxied))).toBeNull();
    } finally {
      delete process.env.TRUST_PROXY;
    }
    process.env.ALLOWED_ORIGINS = "https://app.example/, https://other.example";
    try {
      expect(crossOriginReason(incoming({ origin: "https://app.example" }))).toBeNull();
      expect(crossOriginReason(incoming({ origin: "https://other.example:443" }))).toBeNull();
    } finally {
      delete process.env.ALLOWED_ORIGINS;
    }
  });
});

describe("forwarded host headers (decision 0184)", () => {
  it("count only when TRUST_PROXY says a proxy is in front: without it, a client's X-Forwarded-Host is ignored", () => {
    const forged = { origin: "https://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
    expect(crossOriginReason(incoming(forged))).toBe("Origin: https://evil.example");
    for (const off of ["", "false", "0"]) {
      process.env.TRUST_PROXY = off;
      try {
        expect(crossOriginReason(incoming(forged)), `TRUST_PROXY=${off}`).toBe("Origin: https://evil.example");
      } finally {
        delete process.env.TRUST_PROXY;
      }
    }
    process.env.TRUST_PROXY = "loopback";
    try {
      expect(crossOriginReason(incoming(forged))).toBeNull();
    } finally {
      delete process.env.TRUST_PROXY;
    }
  });

  it("TRUST_PROXY means what Express takes: off, a number of proxies, true, or its own syntax", () => {
    expect(
      [undefined, "", "false", "0", "1", "2", "true", "loopback", "10.0.0.0/8"].map((value) =>
        trustProxySetting(value),
      ),
    ).toEqual([false, false, false, false, 1, 2, true, "loopback", "10.0.0.0/8"]);
  });

  it("without TRUST_PROXY, any header a proxy adds to name its client means the socket's address is the proxy's (0351)", () => {
    const addressWith = (headers: Record<string, string>) =>
      customerAddress({ ip: "::ffff:10.0.0.5", header: (name) => headers[name] });
    expect(addressWith({})).toBe("10.0.0.5");
    expect(addressWith({ "x-forwarded-for": "203.0.113.5" })).toBeNull();
    expect(addressWith({ forwarded: "for=203.0.113.5" })).toBeNull();
    expect(addressWith({ "x-real-ip": "203.0.113.5" })).toBeNull();
    process.env.TRUST_PROXY = "0";
    try {
      expect(addressWith({ "x-forwarded-for": "203.0.113.5" })).toBe("10.0.0.5");
    } finally {
      delete process.env.TRUST_PROXY;
    }
  });
});

// ---- over HTTP -------------------------------------------------------------------------------------------

let provider: TestProvider;
let server: RunningServer;
let uninstall: () => void;
/** Requests that reached the provider (through the transport hook). */
let providerRequests = 0;
let customerCookie = "";

const FORM = "application/x-www-form-urlencoded";

beforeAll(async () => {
  provider = await createTestProvider();
  uninstall = sendProviderCallsTo((request) => {
    providerRequests++;
    return provider.fetch(request);
  });
  server = await startAppServer();
  customerCookie = await logIn(server, TEST_DEMO_USER, TEST_DEMO_PASSWORD);
}, 120_000);

afterAll(async () => {
  await server?.close();
  uninstall?.();
  await provider?.close();
});

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

/** Every table's row count and every balance: any write by the provider changes it. */
const providerState = () => stateOf(provider);

function expectSecurityHeaders(response: RawResponse, what: string) {
  const csp = String(response.headers["content-security-policy"] ?? "");
  expect(csp, `${what}: CSP`).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/);
  expect(csp, `${what}: frame-ancestors`).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toMatch(/unsafe-inline'[^;]*;?\s*$|script-src[^;]*unsafe/);
  expect(response.headers["x-frame-options"], `${what}: X-Frame-Options`).toBe("DENY");
  expect(response.headers["x-content-type-options"], `${what}: nosniff`).toBe("nosniff");
  expect(response.headers["referrer-policy"], `${what}: Referrer-Policy`).toBe("same-origin");
  expect(response.headers["x-powered-by"]).toBeUndefined();
}

describe("security headers on every response (defect 7)", () => {
  it.each([
    ["a document", "GET", "/", 200],
    ["a redirect", "GET", "/settings", 302],
    ["a resource route", "GET", "/resources/quotes?symbols=AAPL", 200],
    ["/healthz", "GET", "/healthz", 200],
    ["the unread count for a visitor", "GET", "/resources/unread", 401],
    ["a static file", "GET", "/favicon.ico", 200],
    ["a missing asset", "GET", "/build/missing-chunk.js", 404],
    ["an unknown page", "GET", "/no-such-page", 404],
    ["a HEAD request", "HEAD", "/", 200],
    ["a refused cross-origin POST", "POST", "/login", 403],
    ["a refused JSON POST", "POST", "/set-locale", 415],
  ])("%s (%s %s → %i)", async (what, method, path, status) => {
    const headers: Record<string, string> =
      status === 403
        ? { origin: "https://evil.example", "content-type": FORM }
        : status === 415
          ? { "content-type": "application/json" }
          : {};
    const response = await send(server, method, path, { headers, body: method === "POST" ? "{}" : undefined });
    expect(response.status, response.body.slice(0, 200)).toBe(status);
    expectSecurityHeaders(response, what);
  });

  it("a fresh nonce per document, on every inline script Remix and the root render", async () => {
    const [first, second] = [await send(server, "GET", "/"), await send(server, "GET", "/")];
    const nonceOf = (response: RawResponse) =>
      /'nonce-([^']+)'/.exec(String(response.headers["content-security-policy"]))![1];
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    const scripts = first.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonceOf(first)}"`);
    // Unknown URLs render the root's inline translations script: nonce'd as well.
    const missing = await send(server, "GET", "/no-such-page");
    for (const tag of missing.body.match(/<script\b[^>]*>/g) ?? [])
      expect(tag).toContain(`nonce="${nonceOf(missing)}"`);
  });

  it("HSTS only in production with Secure cookies, and never on a dev/test server", async () => {
    expect((await send(server, "GET", "/healthz")).headers["strict-transport-security"]).toBeUndefined();
    const saved = { NODE_ENV: process.env.NODE_ENV, COOKIE_SECURE: process.env.COOKIE_SECURE };
    process.env.NODE_ENV = "production";
    let production: RunningServer | undefined;
    try {
      production = await startAppServer();
      const response = await send(production, "GET", "/healthz");
      expect(response.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expectSecurityHeaders(response, "production");
      process.env.COOKIE_SECURE = "false";
      const plainHttp = await startAppServer();
      expect((await send(plainHttp, "GET", "/healthz")).headers["strict-transport-security"]).toBeUndefined();
      await plainHttp.close();
    } finally {
      await production?.close();
      process.env.NODE_ENV = saved.NODE_ENV;
      if (saved.COOKIE_SECURE === undefined) delete process.env.COOKIE_SECURE;
      else process.env.COOKIE_SECURE = saved.COOKIE_SECURE;
    }
  });
});

describe("a cross-origin POST to any action is refused before Remix (defect 8)", () => {
  const attacks: [string, (server: RunningServer) => Record<string, string>][] = [
    ["another site", () => ({ origin: "https://evil.example", "sec-fetch-site": "cross-site" })],
    ["another site, no Sec-Fetch-Site", () => ({ origin: "https://evil.example" })],
    ["a subdomain", (s) => ({ origin: `http://sub.localhost:${s.port}` })],
    ["a subdomain (same-site)", (s) => ({ origin: `http://sub.localhost:${s.port}`, "sec-fetch-site": "same-site" })],
    ["an opaque origin", () => ({ origin: "null" })],
    ["a malformed origin", (s) => ({ origin: `http://localhost:${s.port}:1` })],
    ["a Host that does not match the origin", (s) => ({ origin: s.origin, host: "trade.example" })],
    ["another port", (s) => ({ origin: `http://localhost:${s.port + 1}` })],
    ["a foreign Referer", () => ({ referer: "https://evil.example/form" })],
  ];

  it("the route manifest lists the actions", async () => {
    const { actionRoutes } = await sourceBuild();
    expect(actionRoutes.map((route) => route.id)).toEqual(
      expect.arrayContaining(["routes/login", "routes/register", "routes/logout"]),
    );
  });

  it("every action × every attack: 403 with the translated page, no cookie, nothing reaches the provider", async () => {
    const { actionRoutes } = await sourceBuild();
    const before = await providerState();
    const requestsBefore = providerRequests;
    warn.mockClear();
    const failures: string[] = [];
    for (const route of actionRoutes) {
      for (const [name, headers] of attacks) {
        for (const accept of ["text/html", "*/*"]) {
          const response = await send(server, "POST", route.url, {
            headers: { "content-type": FORM, cookie: customerCookie, accept, ...headers(server) },
            body: "intent=delete&symbol=AAPL&count=1&phone=9876543210&password=x&lng=de",
          });
          const ok =
            response.status === 403 &&
            response.headers["set-cookie"] === undefined &&
            (accept === "text/html"
              ? /<h1>Request refused<\/h1>/.test(response.body)
              : /"code":"cross_origin"/.test(response.body));
          if (!ok) failures.push(`${route.url} ${name} (${accept}): ${response.status} ${response.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(providerRequests - requestsBefore, "requests that reached the provider").toBe(0);
    expect(await providerState()).toBe(before);
    // One log line per refusal, no stack trace.
    const lines = warn.mock.calls.map((call: unknown[]) => call.map(String).join(" "));
    expect(lines.filter((line: string) => line.startsWith("[security] refused POST"))).toHaveLength(
      actionRoutes.length * attacks.length * 2,
    );
    expect(lines.join("\n")).not.toMatch(/\n\s+at /);
  });

  it("the refusal page speaks the customer's language", async () => {
    process.env.VISIBLE_LOCALES = "en,de";
    try {
      const chosen = await send(server, "POST", "/set-locale", {
        headers: { "content-type": FORM, origin: server.origin, "sec-fetch-site": "same-origin" },
        body: "lng=de&redirectTo=/",
      });
      const response = await send(server, "POST", "/login", {
        headers: {
          "content-type": FORM,
          origin: "https://evil.example",
          accept: "text/html",
          cookie: cookiesOf(chosen),
        },
        body: "phone=1",
      });
      expect(response.status).toBe(403);
      expect(response.body).toContain('<html lang="de">');
      expect(response.body).toContain("Anfrage abgelehnt");
    } finally {
      delete process.env.VISIBLE_LOCALES;
    }
  });

  it("same-origin POSTs still reach the action (and a malformed Host is a 400, not a 500)", async () => {
    const ok = await send(server, "POST", "/set-locale", {
      headers: { "content-type": FORM, origin: server.origin, "sec-fetch-site": "same-origin" },
      body: "lng=en&redirectTo=/",
    });
    expect(ok.status).toBe(302);
    const badHost = await send(server, "GET", "/", { headers: { host: "bad host" } });
    expect(badHost.status).toBe(400);
  });
});

describe("request bodies (defect 10)", () => {
  it.each([
    ["JSON", { "content-type": "application/json" }, '{"phone":"9876543210"}', 415],
    ["text/plain", { "content-type": "text/plain" }, "phone=9876543210", 415],
    ["no Content-Type", {}, "phone=9876543210", 415],
    ["a form over 64 KB", { "content-type": FORM }, `phone=${"9".repeat(70 * 1024)}`, 413],
  ])("%s to an action: refused with a clear message, nothing written", async (_name, headers, body, status) => {
    const before = await providerState();
    const response = await send(server, "POST", "/login", {
      headers: { ...headers, origin: server.origin, accept: "text/html", cookie: customerCookie },
      body,
    });
    expect(response.status).toBe(status);
    expect(response.body).toMatch(status === 415 ? /not sent by one of the app&#39;s forms/ : /too large/);
    expect(await providerState()).toBe(before);
  });

  it("a chunked body (no declared length) is 411; a Remix data request gets a JSON error response", async () => {
    const chunked = await send(server, "POST", "/login", {
      headers: { "content-type": FORM, "transfer-encoding": "chunked" },
      body: "phone=1",
      chunked: true,
    });
    expect(chunked.status).toBe(411);
    const data = await send(server, "POST", "/login?_data=routes%2Flogin", {
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(data.status).toBe(415);
    expect(data.headers["x-remix-catch"]).toBe("yes");
    expect(JSON.parse(data.body)).toMatchObject({ code: "unsupported_body" });
  });

  it("four concurrent 100 MB forms are refused from their headers, without reading them", async () => {
    const started = Date.now();
    const hundredMb = String(100 * 1024 * 1024);
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        send(server, "POST", "/register", {
          headers: { "content-type": FORM, "content-length": hundredMb },
          body: "phone=1",
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual([413, 413, 413, 413]);
    expect(responses[0].headers.connection).toBe("close");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("only the real-name upload route takes multipart, up to 8 MB", async () => {
    const multipart = { "content-type": "multipart/form-data; boundary=x", origin: server.origin };
    const body = (bytes: number) => Buffer.concat([Buffer.alloc(bytes - 5, "a"), Buffer.from("--x--")]);
    const fits = await send(server, "POST", "/settings/real-name", { headers: multipart, body: body(7 * 1024 * 1024) });
    expect(fits.status).not.toBe(413);
    expect(fits.status).toBeLessThan(500);
    const tooBig = await send(server, "POST", "/settings/real-name", {
      headers: { ...multipart, "content-length": String(9 * 1024 * 1024) },
      body: "--x--",
    });
    expect(tooBig.status).toBe(413);
    // Multipart anywhere else, or without a boundary, is refused before the body is read.
    const elsewhere = await send(server, "POST", "/register", { headers: multipart, body: "--x--" });
    expect(elsewhere.status).toBe(415);
    const noBoundary = await send(server, "POST", "/settings/real-name", {
      headers: { "content-type": "multipart/form-data" },
      body: "--x--",
    });
    expect(noBoundary.status).toBe(415);
  }, 20_000);
});

describe("the customer's address (x-client-ip)", () => {
  it("is the socket's, whatever the client claims; X-Forwarded-For counts only with TRUST_PROXY; through a proxy it does not name, none", async () => {
    const double = scriptedProvider().install();
    double.reply("/v2/config", { json: { msg: "ok", data: [] } });
    // The addresses one /healthz request sent the provider (it may ask more than once: each address once).
    const addressesOf = async (target: RunningServer, headers: Record<string, string>) => {
      const before = double.calls.length;
      await send(target, "GET", "/healthz", { headers });
      return [...new Set(double.calls.slice(before).map((call) => call.clientIp))];
    };
    const withServer = async <T>(trustProxy: string, use: (target: RunningServer) => Promise<T>) => {
      process.env.TRUST_PROXY = trustProxy;
      const started = await startAppServer();
      try {
        return await use(started);
      } finally {
        await started.close();
        delete process.env.TRUST_PROXY;
      }
    };
    try {
      expect(await addressesOf(server, { "x-client-ip": "6.6.6.6" })).toEqual(["127.0.0.1"]);
      // TRUST_PROXY unset and a forwarded header: the socket is a proxy's, every customer's; no address is sent.
      expect(await addressesOf(server, { "x-client-ip": "6.6.6.6", "x-forwarded-for": "7.7.7.7" })).toEqual([
        undefined,
      ]);
      // TRUST_PROXY=false says nothing is in front: X-Forwarded-For is the client's own words, the socket counts.
      expect(await withServer("false", (direct) => addressesOf(direct, { "x-forwarded-for": "7.7.7.7" }))).toEqual([
        "127.0.0.1",
      ]);
      expect(
        await withServer("1", (proxied) =>
          addressesOf(proxied, { "x-client-ip": "6.6.6.6", "x-forwarded-for": "8.8.8.8, 203.0.113.9" }),
        ),
      ).toEqual(["203.0.113.9"]);
    } finally {
      uninstall = sendProviderCallsTo((request) => provider.fetch(request));
    }
  });
});

describe("X-Forwarded-For without TRUST_PROXY (decisions 0184, 0351)", () => {
  const WARNING =
    "[server] requests arrive through a proxy (X-Forwarded-For) but TRUST_PROXY is unset: customers cannot be told apart by address, so sign-in limits count per phone only; set TRUST_PROXY to the proxies in front, or TRUST_PROXY=false if there is none (docs/deployment.md)";
  const warnings = () =>
    warn.mock.calls
      .map((call: unknown[]) => String(call[0]))
      .filter((text: string) => text.includes("X-Forwarded-For"));

  it("is said once, at the first such request", async () => {
    warn.mockClear();
    forgetUnnamedProxy();
    const fresh = await startAppServer();
    try {
      await send(fresh, "GET", "/healthz");
      expect(warnings()).toEqual([]);
      await send(fresh, "GET", "/healthz", { headers: { "x-forwarded-for": "203.0.113.5" } });
      await send(fresh, "GET", "/healthz", { headers: { "x-forwarded-for": "203.0.113.6" } });
      expect(warnings()).toEqual([WARNING]);
    } finally {
      await fresh.close();
    }
  });

  it("is not said when TRUST_PROXY names the proxy, or says there is none", async () => {
    warn.mockClear();
    forgetUnnamedProxy();
    for (const setting of ["1", "false"]) {
      process.env.TRUST_PROXY = setting;
      const proxied = await startAppServer();
      try {
        await send(proxied, "GET", "/healthz", { headers: { "x-forwarded-for": "203.0.113.7" } });
        expect(warnings(), setting).toEqual([]);
      } finally {
        await proxied.close();
        delete process.env.TRUST_PROXY;
      }
    }
  });
});

describe("sign-in limits behind a proxy (decision 0351)", () => {
  /** A sign-in through a proxy that forwards for `client` (X-Forwarded-For), from a browser that never signed in. */
  const signIn = (target: RunningServer, phone: string, password: string, client: string) =>
    send(target, "POST", "/login", {
      headers: {
        "content-type": FORM,
        origin: target.origin,
        "sec-fetch-site": "same-origin",
        "x-forwarded-for": client,
      },
      body: new URLSearchParams({ phone, password, redirectTo: "/" }).toString(),
    });
  const strangers = (first: number) => Array.from({ length: 30 }, (_, i) => String(first + i));
  const TOO_MANY = "Too many attempts. Please wait a few minutes and try again.";

  it(
    "without TRUST_PROXY: 30 failed sign-ins for strangers' phones through one address leave a customer on a new browser free; /healthz says why",
    { timeout: 120_000 },
    async () => {
      forgetUnnamedProxy();
      expect(JSON.parse((await send(server, "GET", "/healthz")).body)).toEqual({ ok: true, warnings: [] });
      for (const phone of strangers(5_593_000_000)) {
        const failed = await signIn(server, phone, "wrong-pass", "203.0.113.50");
        expect(failed.status, phone).toBe(400);
        expect(failed.body).toContain("Phone number or password is incorrect");
      }
      const customer = await newTrader(provider, "0");
      const signedIn = await signIn(server, customer.phone, "secret1", "203.0.113.50");
      expect(signedIn.status).toBe(302);
      expect(signedIn.headers.location).toBe("/");

      // The balancer still sees 200 (the instance serves); the warning says what is wrong with the set-up.
      const health = await send(server, "GET", "/healthz");
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toEqual({
        ok: true,
        warnings: [
          {
            code: "trust_proxy_unset",
            message:
              "requests arrive through a proxy (X-Forwarded-For) but TRUST_PROXY is unset: customers cannot be told apart by address, so sign-in limits count per phone only; set TRUST_PROXY to the proxies in front, or TRUST_PROXY=false if there is none (docs/deployment.md)",
          },
        ],
      });
    },
  );

  it(
    "with TRUST_PROXY: the same 30 hold the 31st sign-in from that address, and no one from another",
    { timeout: 120_000 },
    async () => {
      process.env.TRUST_PROXY = "1";
      const proxied = await startAppServer();
      try {
        for (const phone of strangers(5_594_000_000)) {
          expect((await signIn(proxied, phone, "wrong-pass", "203.0.113.60")).status, phone).toBe(400);
        }
        const customer = await newTrader(provider, "0");
        const held = await signIn(proxied, customer.phone, "secret1", "203.0.113.60");
        expect(held.status).toBe(400);
        expect(held.body).toContain(TOO_MANY);
        expect((await signIn(proxied, customer.phone, "secret1", "203.0.113.61")).status).toBe(302);
      } finally {
        await proxied.close();
        delete process.env.TRUST_PROXY;
      }
    },
  );
});

describe("operator endpoints on the app's port (embedded provider only)", () => {
  const key = { "x-operator-key": process.env.OPERATOR_KEY ?? "test-operator-key" };

  it("/api/operator/* reaches the provider's key-guarded endpoints", async () => {
    const denied = await send(server, "GET", `/api/operator/otp?user=${TEST_DEMO_USER}`);
    expect(denied.status).toBe(403);
    expect(JSON.parse(denied.body)).toMatchObject({ msg: "no", data: { code: "forbidden" } });
    const invite = await send(server, "POST", "/api/operator/invitation-codes", {
      headers: { ...key, "content-type": "application/json" },
      body: JSON.stringify({ code: "SERVER-TEST-1" }),
    });
    expect(JSON.parse(invite.body)).toEqual({ msg: "ok", data: { code: "SERVER-TEST-1" } });
    expectSecurityHeaders(invite, "operator reply");
  });

  it("never the rest of /api, not even through dot segments", async () => {
    for (const path of [
      "/api/v2/config",
      "/api/operator/../v2/config",
      "/api/operator/%2e%2e/v2/config",
      "/api/stock/success/v2/user/info",
    ]) {
      const response = await send(server, "GET", path, { headers: key });
      expect(response.status, path).toBe(404);
      expect(response.body, path).not.toContain('"msg":"ok"');
    }
  });

  it("is not served when the app talks to a standalone provider (PROVIDER_URL)", async () => {
    process.env.PROVIDER_URL = "http://127.0.0.1:9";
    try {
      const response = await send(server, "GET", `/api/operator/otp?user=${TEST_DEMO_USER}`, { headers: key });
      expect(response.status).toBe(404);
      expect(response.headers["content-type"]).toMatch(/text\/html/);
    } finally {
      delete process.env.PROVIDER_URL;
    }
  });
});

describe("logging", () => {
  it("no access log line per request by default; LOG_REQUESTS=1 writes one", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    await send(server, "GET", "/healthz");
    expect(log).not.toHaveBeenCalled();
    const logging = await startAppServer({ logRequests: true });
    try {
      await send(logging, "GET", "/healthz");
      expect(log.mock.calls.map((call) => String(call[0]))).toEqual([
        expect.stringMatching(/^GET \/healthz 200 \d+\.\d ms$/),
      ]);
    } finally {
      await logging.close();
      log.mockRestore();
    }
  });
});
