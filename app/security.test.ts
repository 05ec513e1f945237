import { describe, expect, it, vi } from "vitest";

import { action as forgotAction } from "~/routes/forgot-password";
import { action as loginAction } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { action as registerAction } from "~/routes/register";
import { action as setLocaleAction } from "~/routes/set-locale";
import { crossOriginReason, requireSameOrigin } from "~/security.server";
import { ORIGIN, formRequest, routeArgs, settle } from "~/testing/http";

const post = (headers: Record<string, string>) =>
  new Request(`${ORIGIN}/login`, { method: "POST", headers, body: "phone=1" });

describe("crossOriginReason", () => {
  it("lets same-origin and header-less (non-browser) requests through", () => {
    expect(crossOriginReason(post({ Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" }))).toBeNull();
    expect(crossOriginReason(post({}))).toBeNull();
    expect(crossOriginReason(new Request(`${ORIGIN}/login`, { headers: { Origin: "https://evil.com" } }))).toBeNull();
  });

  it("refuses another origin, a same-site sibling and an opaque origin", () => {
    expect(crossOriginReason(post({ Origin: "https://evil.com" }))).toMatch(/Origin/);
    expect(crossOriginReason(post({ "Sec-Fetch-Site": "cross-site" }))).toMatch(/cross-site/);
    expect(crossOriginReason(post({ "Sec-Fetch-Site": "same-site", Origin: "http://sub.localhost:3000" }))).toMatch(/same-site/);
    expect(crossOriginReason(post({ Origin: "null" }))).toMatch(/null/);
    expect(crossOriginReason(post({ Origin: "http://localhost:3001" }))).toMatch(/Origin/);
  });

  it("accepts the public origin behind a proxy (X-Forwarded-Host/Proto)", () => {
    const request = new Request("http://10.0.0.5:3000/login", {
      method: "POST",
      headers: { Origin: "https://trade.example", "X-Forwarded-Host": "trade.example", "X-Forwarded-Proto": "https" },
    });
    expect(crossOriginReason(request)).toBeNull();
  });

  it("requireSameOrigin throws a 403 response", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const thrown = await settle(() => {
      requireSameOrigin(post({ Origin: "https://evil.com" }));
      return new Response("passed");
    });
    expect(thrown.status).toBe(403);
  });
});

describe("every account action refuses a cross-origin POST before doing anything", () => {
  const actions = {
    "/register": registerAction,
    "/login": loginAction,
    "/forgot-password": forgotAction,
    "/logout": logoutAction,
    "/set-locale": setLocaleAction,
  } as const;

  it.each(Object.keys(actions))("%s → 403", async (path) => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const action = actions[path as keyof typeof actions];
    const request = formRequest(path, { phone: "9876543210", password: "secret1", lng: "en" }, {
      headers: { Origin: "https://evil.com", "Sec-Fetch-Site": "cross-site" },
    });
    const response = await settle(() => action(routeArgs(request)));
    expect(response.status).toBe(403);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("every route action in app/routes calls requireSameOrigin", () => {
  it("no action is left unguarded", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const path = await import("node:path");
    const dir = path.resolve(__dirname, "routes");
    const unguarded = readdirSync(dir)
      .filter((file) => /\.(tsx?|jsx?)$/.test(file) && !/\.test\./.test(file))
      .filter((file) => {
        const source = readFileSync(path.join(dir, file), "utf8");
        const hasAction = /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(source);
        return hasAction && !/requireSameOrigin\(/.test(source);
      });
    expect(unguarded).toEqual([]);
  });
});
