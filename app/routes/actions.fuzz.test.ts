/**
 * App fuzz test (defect 10): every action in the route manifest × a table of bad bodies, posted the way a
 * browser on this site would (same origin, signed in), over real HTTP through the production server. Never a
 * 5xx, never a stack trace in the log, never a change to the provider's state (balances, orders, watchlist,
 * every table's rows). The provider's own fuzz test (provider/) covers its API; this one covers the app's
 * actions and the server in front of them.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import {
  logIn,
  providerState as stateOf,
  send,
  sourceBuild,
  startAppServer,
  type RunningServer,
} from "~/testing/app-server";
import { sendProviderCallsTo } from "~/testing/route-harness";

import { createTestProvider, TEST_DEMO_PASSWORD, TEST_DEMO_USER, type TestProvider } from "../../provider/testing";

const FORM = "application/x-www-form-urlencoded";
const NUL = "%00";

interface BadBody {
  name: string;
  type?: string;
  body: string | Buffer;
}

const BAD_BODIES: BadBody[] = [
  { name: "JSON object", type: "application/json", body: '{"intent":"buy","count":1,"symbol":"AAPL"}' },
  { name: "JSON array", type: "application/json; charset=utf-8", body: "[1,2,3]" },
  { name: "text/plain", type: "text/plain", body: "intent=buy&count=1" },
  { name: "no Content-Type", body: "intent=buy&count=1" },
  { name: "XML", type: "application/xml", body: "<order><count>1</count></order>" },
  { name: "empty form", type: FORM, body: "" },
  { name: "huge form", type: FORM, body: `intent=buy&note=${"x".repeat(200 * 1024)}` },
  {
    name: "NUL bytes",
    type: FORM,
    body: `intent=${NUL}&symbol=AA${NUL}PL&count=1${NUL}&phone=${NUL}&password=${NUL}&lng=${NUL}`,
  },
  { name: "wrong intent", type: FORM, body: "intent=drop-all-tables&_action=__proto__&constructor=1" },
  {
    name: "repeated fields (arrays)",
    type: FORM,
    body: "intent=add&intent=remove&count=1&count=99999&symbol=AAPL&symbol=MSFT&symbol[]=X",
  },
  { name: "bad percent-encoding", type: FORM, body: "intent=%E0%A4%A&count=%&symbol=%ZZ" },
  {
    name: "absurd numbers",
    type: FORM,
    body: "intent=buy&count=1e309&price=-1&quantity=99999999999999999999999&amount=NaN&no=-0",
  },
  {
    name: "truncated multipart",
    type: "multipart/form-data; boundary=xyz",
    body: '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nbu',
  },
  { name: "multipart without boundary", type: "multipart/form-data", body: "intent=buy" },
];

let provider: TestProvider;
let server: RunningServer;
let uninstall: () => void;
let cookie = "";

/** Business state: every table's row count except the login bookkeeping, and every balance. */
const providerState = () =>
  stateOf(provider, ["sessions", "auth_attempts", "login_failures", "sms_outbox", "one_time_codes"]);

beforeAll(async () => {
  provider = await createTestProvider();
  uninstall = sendProviderCallsTo((request) => provider.fetch(request));
  server = await startAppServer();
  cookie = await logIn(server, TEST_DEMO_USER, TEST_DEMO_PASSWORD);
}, 120_000);

afterAll(async () => {
  await server?.close();
  uninstall?.();
  await provider?.close();
});

describe("every action × bad bodies", () => {
  it("never a 5xx, never a stack trace, never a state change", async () => {
    const { actionRoutes } = await sourceBuild();
    expect(actionRoutes.length).toBeGreaterThan(5);
    const logged: string[] = [];
    const keep = (...args: unknown[]) =>
      logged.push(args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(" "));
    const warn = vi.spyOn(console, "warn").mockImplementation(keep);
    const error = vi.spyOn(console, "error").mockImplementation(keep);
    const before = await providerState();
    const failures: string[] = [];
    try {
      for (const route of actionRoutes) {
        for (const bad of BAD_BODIES) {
          for (const data of [false, true]) {
            // A no-JS form post (document request) and a Remix fetch submission (?_data=<route id>).
            const url = data
              ? `${route.url}${route.url.includes("?") ? "&" : "?"}_data=${encodeURIComponent(route.id)}`
              : route.url;
            const headers: Record<string, string> = {
              origin: server.origin,
              "sec-fetch-site": "same-origin",
              cookie,
              accept: "text/html",
            };
            if (bad.type) headers["content-type"] = bad.type;
            const response = await send(server, "POST", url, { headers, body: bad.body });
            if (response.status >= 500)
              failures.push(`${url} ${bad.name}: ${response.status} ${response.body.slice(0, 160)}`);
            // A bad body must not sign the customer out (the session cookie is never cleared).
            if (/__session=;/.test(String(response.headers["set-cookie"] ?? "")))
              failures.push(`${url} ${bad.name}: cleared the session`);
          }
        }
      }
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
    expect(failures).toEqual([]);
    expect(
      logged.filter((line) => /\n\s+at /.test(line)),
      "log entries with a stack trace",
    ).toEqual([]);
    expect(await providerState()).toBe(before);
  }, 240_000);
});
