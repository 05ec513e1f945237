/** /set-locale, the language picker's form: a visible locale saved for a year, a safe way back. */
import { afterEach, describe, expect, it } from "vitest";

import { localeCookie } from "~/i18n/i18next.server";
import { formRequest, routeArgs, settle } from "~/testing/route-harness";

import { action as setLocaleAction } from "./set-locale";

afterEach(() => {
  delete process.env.VISIBLE_LOCALES;
});

describe("/set-locale", () => {
  it("stores a visible locale in the lng cookie and goes back to a safe path", async () => {
    process.env.VISIBLE_LOCALES = "en,de";
    const response = await settle(() =>
      setLocaleAction(routeArgs(formRequest("/set-locale", { lng: "de", redirectTo: "/markets?q=TCS" }))),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/markets?q=TCS");
    const saved = response.headers.getSetCookie().find((c) => c.startsWith("lng="));
    expect(saved).toMatch(/Max-Age=31536000/i);
    expect(await localeCookie.parse(saved ?? null)).toBe("de");
  });

  it("refuses a hidden locale (400, nothing saved) and an off-site redirect", async () => {
    const hidden = await settle(() =>
      setLocaleAction(routeArgs(formRequest("/set-locale", { lng: "zh", redirectTo: "/markets" }))),
    );
    expect(hidden.status).toBe(400);
    expect(hidden.headers.getSetCookie().some((c) => c.startsWith("lng="))).toBe(false);
    const offSite = await settle(() =>
      setLocaleAction(routeArgs(formRequest("/set-locale", { lng: "en", redirectTo: "https://evil.com" }))),
    );
    expect(offSite.headers.get("Location")).toBe("/");
  });
});
