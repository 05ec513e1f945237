import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import {
  commitSession,
  getSession,
  getSignedIn,
  keepSessionAlive,
  requireAnonymous,
  requireUser,
  safeRedirect,
  startSession,
} from "~/session/session.server";
import { getToast } from "~/session/toast.server";
import { ORIGIN, cookieHeaderFrom, getRequest, settle } from "~/testing/http";
import { ok, scriptedProvider } from "~/testing/provider-double";

const TOKEN = "tok-Secret-0123456789abcdefghijklmnopqrstuvw";
const USER = { user: "9876543210", no: "42" };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** `name=value` of a Set-Cookie line. */
const pair = (setCookie: string) => setCookie.split(";")[0];

async function signedInCookie(): Promise<string> {
  const session = await getSession(new Request(ORIGIN));
  session.set("token", TOKEN);
  session.set("user", USER);
  return pair(await commitSession(session));
}

/** The Set-Cookie lines keepSessionAlive adds for a request with `cookie` (to `headers`, when given). */
async function keepAlive(cookie?: string, headers = new Headers()): Promise<string[]> {
  await keepSessionAlive(getRequest("/markets", cookie), headers);
  return headers.getSetCookie();
}

function useClock(start = Date.UTC(2026, 10, 23, 9, 0, 0)) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(start);
  return (ms: number) => vi.setSystemTime(Date.now() + ms);
}

/** The provider the session asks whether a token is still good (decision 0186): yes, unless a test says otherwise. */
const provider = scriptedProvider();
const BALANCE = "/stock/success/v2/balance";

beforeEach(() => {
  provider
    .reset()
    .install()
    .reply(BALANCE, { json: ok({ balance: "0.00" }) });
});
afterEach(() => {
  vi.useRealTimers();
  provider.uninstall();
});

describe("safeRedirect", () => {
  it.each([
    ["//evil.com", "/"],
    ["https://evil.com", "/"],
    ["http://evil.com/x", "/"],
    ["/\\evil.com", "/"],
    ["\\\\evil.com", "/"],
    ["javascript:alert(1)", "/"],
    ["evil.com", "/"],
    ["/%0d%0aLocation: https://evil.com", "/%0d%0aLocation:%20https://evil.com"],
    ["/\tevil", "/"],
    ["", "/"],
  ])("%j → %j", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it("keeps same-origin paths with query and hash", () => {
    expect(safeRedirect("/markets?q=abc#top")).toBe("/markets?q=abc#top");
    expect(safeRedirect("/settings")).toBe("/settings");
    expect(safeRedirect(null, "/home")).toBe("/home");
  });
});

describe("requireUser (the one guard)", () => {
  it("sends a visitor to /login with the path and query to come back to", async () => {
    const response = await settle(() => requireUser(getRequest("/trade?tab=forex")).then(() => new Response("ok")));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Ftrade%3Ftab%3Dforex");
  });

  it("drops Remix's internal _data parameter from redirectTo", async () => {
    const response = await settle(() =>
      requireUser(getRequest("/settings?_data=routes%2Fsettings")).then(() => new Response("ok")),
    );
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fsettings");
  });

  it("returns the token and the customer from the cookie session", async () => {
    const cookie = await signedInCookie();
    expect(await requireUser(getRequest("/trade", cookie))).toEqual({ token: TOKEN, user: USER });
  });
});

describe("a token the provider revoked (decision 0186)", () => {
  const revoked = () => provider.reply(BALANCE, { status: 400, json: { msg: "logout" } });

  it("is a visitor on open pages, and the (auth) guard sends to /login saying it was signed out elsewhere, clearing the cookie", async () => {
    const cookie = await signedInCookie();
    revoked();
    expect(await getSignedIn(getRequest("/", cookie))).toBeNull();
    const response = await settle(() => requireUser(getRequest("/settings", cookie)).then(() => new Response("ok")));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fsettings");
    const next = cookieHeaderFrom(response, cookie);
    expect(next).not.toMatch(/__session=/);
    expect((await getToast(getRequest("/login", next))).toast).toEqual({
      key: "toast.signedOutElsewhere",
      type: "info",
    });
    // The check sent the token of the cookie.
    expect(provider.sessionChecks).toEqual([{ method: "GET", path: BALANCE, query: {}, token: TOKEN }]);
  });

  it("the login screen is open to it (no loop between /login and the home page)", async () => {
    const cookie = await signedInCookie();
    revoked();
    await expect(requireAnonymous(getRequest("/login", cookie))).resolves.toBeUndefined();
  });

  it("the response of a request that found it revoked clears the cookie", async () => {
    const cookie = await signedInCookie();
    revoked();
    await getSignedIn(getRequest("/markets", cookie));
    expect((await keepAlive(cookie))[0]).toMatch(/^__session=;.*Expires=Thu, 01 Jan 1970/);
  });

  it.each([
    ["the network fails", { fail: "network" as const }],
    ["the provider times out", { fail: "timeout" as const }],
    ["the provider answers 502", { status: 502, text: "<html>Bad gateway</html>" }],
    ["the provider answers a business error", { json: { msg: "no", data: { code: "server_error" } } }],
  ])(
    "when %s, the cookie's verdict stands (nobody is signed out because the provider blinked)",
    async (_label, reply) => {
      vi.spyOn(console, "warn").mockImplementation(() => undefined);
      const cookie = await signedInCookie();
      provider.reply(BALANCE, reply);
      expect(await getSignedIn(getRequest("/settings", cookie))).toEqual({ token: TOKEN, user: USER });
      expect(await requireUser(getRequest("/settings", cookie))).toEqual({ token: TOKEN, user: USER });
      expect(await keepAlive(cookie)).toEqual([]);
      // It was asked (once: the answer is kept a second, so a provider that is down is not asked on every request).
      expect(provider.sessionChecks.map((call) => call.path)).toEqual([BALANCE]);
    },
  );

  it("a page waits for the check at most 2 s, then goes by the cookie", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const cookie = await signedInCookie();
    provider.reply(BALANCE, { status: 400, json: { msg: "logout" }, delayMs: 5_000 });
    const signedIn = getSignedIn(getRequest("/settings", cookie));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await signedIn).toEqual({ token: TOKEN, user: USER });
    // The answer that came late serves the next request.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await getSignedIn(getRequest("/settings", cookie))).toBeNull();
  });

  it("one check for the root loader and the page's loader together; none again within 250 ms; a new one after", async () => {
    const advance = useClock();
    const cookie = await signedInCookie();
    const request = () => getRequest("/settings", cookie);
    await Promise.all([getSignedIn(request()), requireUser(request()), getSignedIn(request())]);
    expect(provider.sessionChecks).toHaveLength(1);
    advance(249);
    expect(await getSignedIn(request())).toEqual({ token: TOKEN, user: USER });
    expect(provider.sessionChecks).toHaveLength(1);
    // A logout elsewhere is honoured from the next check on, at most 250 ms later.
    revoked();
    advance(1);
    expect(await getSignedIn(request())).toBeNull();
    expect(provider.sessionChecks).toHaveLength(2);
  });
});

/** Every readable form of a cookie value: raw, URI-decoded, and base64/base64url decodings of it and its parts. */
function decodings(value: string, depth = 3): string[] {
  const found = new Set<string>([value]);
  let frontier = [value];
  for (let level = 0; level < depth; level++) {
    const next: string[] = [];
    for (const text of frontier) {
      const candidates = [text, safeDecodeURIComponent(text), ...text.split(/[.;=:]/)];
      for (const candidate of candidates) {
        for (const encoding of ["base64", "base64url"] as const) {
          const decoded = Buffer.from(candidate, encoding).toString("latin1");
          if (!found.has(decoded)) {
            found.add(decoded);
            next.push(decoded);
          }
        }
        found.add(candidate);
      }
    }
    frontier = next;
  }
  return [...found];
}

function safeDecodeURIComponent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

describe("the session cookie is encrypted (defect 9)", () => {
  it("carries neither the provider token nor the phone number in any decoding", async () => {
    const cookie = await signedInCookie();
    expect(cookie).toMatch(/^__session=/);
    for (const text of decodings(cookie.slice("__session=".length))) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(TOKEN.slice(4, 20));
      expect(text).not.toContain(USER.user);
    }
  });

  it("is HttpOnly, SameSite=Lax, and the browser keeps it no longer than the idle timeout", async () => {
    const session = await getSession(new Request(ORIGIN));
    session.set("token", TOKEN);
    session.set("user", USER);
    const setCookie = await commitSession(session);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=7200(;|$)/);
  });

  it("rejects a sealed value whose ciphertext was changed (the GCM tag no longer matches)", async () => {
    const cookie = await signedInCookie();
    const sealed = cookie.slice("__session=".length);
    expect(sealed).toMatch(/^v1\.[\w-]+$/);
    const bytes = Buffer.from(sealed.slice(3), "base64url");
    bytes[20] ^= 0x01;
    expect(await getSignedIn(getRequest("/", `__session=v1.${bytes.toString("base64url")}`))).toBeNull();
    // The same value without the change reads fine, so only the change was refused.
    expect(await getSignedIn(getRequest("/", `__session=${sealed}`))).toEqual({ token: TOKEN, user: USER });
  });

  it("reads a cookie in the earlier wrapping (base64 of the sealed value's JSON) and rewrites it as it is", async () => {
    const sealed = (await signedInCookie()).slice("__session=".length);
    const wrapped = `__session=${encodeURIComponent(Buffer.from(JSON.stringify(sealed)).toString("base64"))}`;
    expect(await getSignedIn(getRequest("/", wrapped))).toEqual({ token: TOKEN, user: USER });
    const [rewritten] = await keepAlive(wrapped);
    expect(rewritten).toMatch(/^__session=v1\.[\w-]+; Max-Age=7200; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it.each([
    [
      "one character of the payload changed",
      (value: string) => value.slice(0, 30) + (value[30] === "A" ? "B" : "A") + value.slice(31),
    ],
    ["a truncated payload", (value: string) => value.slice(0, -8)],
    ["the previous format (signed base64 JSON)", () => "eyJ0b2tlbiI6ImZha2UifQ%3D%3D.bad"],
    ["garbage", () => "not-a-session"],
  ])("rejects a tampered cookie: %s", async (_label, tamper) => {
    const cookie = await signedInCookie();
    const tampered = `__session=${tamper(cookie.slice("__session=".length))}`;
    expect(await getSignedIn(getRequest("/trade", tampered))).toBeNull();
    const response = await settle(() => requireUser(getRequest("/trade", tampered)).then(() => new Response("ok")));
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Ftrade");
  });
});

describe("session lifetimes (defect 9)", () => {
  it("ends after 2 hours without a request", async () => {
    const advance = useClock();
    const cookie = await signedInCookie();
    advance(2 * HOUR - MINUTE);
    expect((await getSession(getRequest("/", cookie))).get("token")).toBe(TOKEN);
    advance(2 * MINUTE);
    expect((await getSession(getRequest("/", cookie))).get("token")).toBeUndefined();
  });

  it("an ended session sends the customer to log in with 'session ended' and clears its cookie", async () => {
    const advance = useClock();
    const cookie = await signedInCookie();
    advance(2 * HOUR + MINUTE);
    const response = await settle(() =>
      requireUser(getRequest("/trade?tab=forex", cookie)).then(() => new Response("ok")),
    );
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Ftrade%3Ftab%3Dforex");
    const next = cookieHeaderFrom(response, cookie);
    expect(next).not.toMatch(/__session=/);
    expect((await getToast(getRequest("/login", next))).toast).toEqual({ key: "toast.sessionEnded", type: "info" });
  });

  it("a tampered cookie is cleared without a 'session ended' message (it was never a session)", async () => {
    const cookie = await signedInCookie();
    const response = await settle(() =>
      requireUser(getRequest("/trade", `${cookie.slice(0, -6)}AAAAAA`)).then(() => new Response("ok")),
    );
    expect(response.headers.getSetCookie()).toHaveLength(1);
    expect(response.headers.getSetCookie()[0]).toMatch(/^__session=;/);
  });

  it("ends 7 days after login even when used all the time", async () => {
    const advance = useClock();
    let cookie = pair(await commitSession(startSession({ token: TOKEN, user: USER })));
    for (let elapsed = 0; elapsed < 7 * DAY - HOUR; elapsed += HOUR) {
      advance(HOUR);
      cookie = pair((await keepAlive(cookie))[0] ?? cookie);
    }
    expect(await getSignedIn(getRequest("/", cookie))).toEqual({ token: TOKEN, user: USER });
    advance(HOUR);
    expect(await getSignedIn(getRequest("/", cookie))).toBeNull();
  });

  it("ends when the provider token does, if that is sooner", async () => {
    const advance = useClock();
    const tokenExpiresAt = new Date(Date.now() + 90 * MINUTE).toISOString();
    const setCookie = await commitSession(startSession({ token: TOKEN, user: USER, tokenExpiresAt }));
    expect(setCookie).toMatch(/Max-Age=5400(;|$)/);
    advance(89 * MINUTE);
    expect(await getSignedIn(getRequest("/", pair(setCookie)))).not.toBeNull();
    advance(2 * MINUTE);
    expect(await getSignedIn(getRequest("/", pair(setCookie)))).toBeNull();
  });
});

describe("keepSessionAlive", () => {
  it("rewrites the cookie at most every 5 minutes, which moves the idle deadline on", async () => {
    const advance = useClock();
    const cookie = await signedInCookie();
    advance(4 * MINUTE);
    expect(await keepAlive(cookie)).toEqual([]);

    advance(2 * MINUTE);
    const next = pair((await keepAlive(cookie))[0] ?? "");
    expect(next).toMatch(/^__session=/);

    // 2 hours after the first cookie, the refreshed one is still live.
    advance(2 * HOUR - 6 * MINUTE + MINUTE);
    expect(await getSignedIn(getRequest("/", cookie))).toBeNull();
    expect(await getSignedIn(getRequest("/", next))).toEqual({ token: TOKEN, user: USER });
  });

  it("clears an ended session's cookie, and leaves a response that sets the session alone", async () => {
    const advance = useClock();
    const cookie = await signedInCookie();
    advance(3 * HOUR);
    expect((await keepAlive(cookie))[0]).toMatch(/^__session=;.*Expires=Thu, 01 Jan 1970/);

    advance(-3 * HOUR + 10 * MINUTE);
    expect(await keepAlive(cookie, new Headers({ "Set-Cookie": "__session=new; Path=/" }))).toEqual([
      "__session=new; Path=/",
    ]);

    expect(await keepAlive(undefined)).toEqual([]);
  });
});

describe("secret rotation (SESSION_SECRET=new,old)", () => {
  const original = process.env.SESSION_SECRET;
  afterEach(() => {
    process.env.SESSION_SECRET = original;
    vi.resetModules();
  });

  async function sessionModule(secret: string) {
    process.env.SESSION_SECRET = secret;
    vi.resetModules();
    // The fresh modules have a fresh transport: it goes to this file's provider too.
    (await import("~/provider/transport.server")).setProviderTransportForTests(provider.handler);
    return import("~/session/session.server");
  }

  it("reads a cookie sealed with a retired secret, re-seals it with the new one; an unknown secret reads nothing", async () => {
    const old = await sessionModule("old-secret");
    const oldCookie = pair(await old.commitSession(old.startSession({ token: TOKEN, user: USER })));

    const rotated = await sessionModule("new-secret,old-secret");
    expect(await rotated.getSignedIn(getRequest("/", oldCookie))).toEqual({ token: TOKEN, user: USER });
    const headers = new Headers();
    await rotated.keepSessionAlive(getRequest("/", oldCookie), headers);
    // Resealed with the new secret straight away, though only seconds old.
    const resealed = pair(headers.getSetCookie()[0] ?? "");
    expect(resealed).toMatch(/^__session=/);

    const newOnly = await sessionModule("new-secret");
    expect(await newOnly.getSignedIn(getRequest("/", oldCookie))).toBeNull();
    expect(await newOnly.getSignedIn(getRequest("/", resealed))).toEqual({ token: TOKEN, user: USER });
  });
});
