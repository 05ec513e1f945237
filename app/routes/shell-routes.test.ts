/** Root loader, language switching and the support link. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { localeCookie } from "~/i18n/i18next.server";
import { loader as rootLoader } from "~/root";
import { action as desktopWarningAction } from "~/routes/desktop-warning";
import { action as setLocaleAction } from "~/routes/set-locale";
import { loader as supportLoader } from "~/routes/support";
import { commitSession, getSession } from "~/session/session.server";
import { toastCookie } from "~/session/toast.server";
import { ORIGIN, cookieHeaderFrom, formRequest, getRequest, routeArgs, settle } from "~/testing/http";
import { useScriptedProvider } from "~/testing/route-harness";

const { provider } = useScriptedProvider();
beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  delete process.env.PROVIDER_URL;
  delete process.env.VISIBLE_LOCALES;
  delete process.env.DEPLOYMENT;
});

async function cookieWith(values: { token?: string; toast?: boolean }) {
  const session = await getSession(new Request(ORIGIN));
  if (values.token) {
    session.set("token", values.token);
    session.set("user", { user: "9876543210", no: "3" });
  }
  const cookies = [(await commitSession(session)).split(";")[0]];
  if (values.toast) cookies.push((await toastCookie({ key: "toast.loggedIn" })).split(";")[0]);
  return cookies.join("; ");
}

describe("root loader", () => {
  it("returns locale, visible locales, deployment, user and the current locale's translations", async () => {
    process.env.VISIBLE_LOCALES = "en, de ,xx";
    process.env.DEPLOYMENT = "MXN";
    const cookie = `${await cookieWith({ token: "t" })}; ${(await localeCookie.serialize("de")).split(";")[0]}`;
    const response = await rootLoader(routeArgs(getRequest("/", cookie)));
    const data = await response.json();
    expect(data).toMatchObject({
      locale: "de",
      dir: "ltr",
      visibleLocales: ["en", "de"],
      deployment: { code: "MXN", currency: "MXN" },
      user: { user: "9876543210", no: "3" },
      toast: null,
    });
    expect(data.i18n.locale).toBe("de");
    expect((data.i18n.resources.common as { errorSummary: { title: string } }).errorSummary.title).toBe(
      "Es gibt ein Problem",
    );
    // No route table under vitest, so the shell's own (`common`, `offline`) only; route namespaces: app/i18n/routes.test.ts.
    expect(Object.keys(data.i18n.resources)).toEqual(["common", "offline"]);
    // No flash read: the cookie is not rewritten.
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("defaults to English, only English visible, INR, visitor", async () => {
    const data = await (await rootLoader(routeArgs(getRequest("/", "lng=fr")))).json();
    expect(data).toMatchObject({ locale: "en", visibleLocales: ["en"], deployment: { code: "INR" }, user: null });
  });

  it("shows a flash toast once and clears it", async () => {
    const cookie = await cookieWith({ toast: true });
    const first = await rootLoader(routeArgs(getRequest("/", cookie)));
    expect((await first.json()).toast).toEqual({ key: "toast.loggedIn" });
    const next = cookieHeaderFrom(first, cookie);
    const second = await rootLoader(routeArgs(getRequest("/", next)));
    expect((await second.json()).toast).toBeNull();
  });
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

// The support button's target classification and /resources/unread: app/routes/support.test.ts.
describe("support", () => {
  it("redirects to the provider's absolute support link, sending the token", async () => {
    provider.reply("/stock/success/kefu", { json: { msg: "ok", data: { url: "https://chat.example/room" } } });
    const cookie = await cookieWith({ token: "tok" });
    const response = await settle(() => supportLoader(routeArgs(getRequest("/support", cookie))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("https://chat.example/room");
    expect(provider.calls[0]).toMatchObject({ path: "/stock/success/kefu", token: "tok" });
  });

  it("sends a visitor to log in, and shows a page when the provider has no link", async () => {
    const visitor = await settle(() => supportLoader(routeArgs(getRequest("/support"))));
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fsupport");
    expect(provider.calls).toEqual([]);

    provider.reply("/stock/success/kefu", { json: { msg: "no", data: { code: "not_found" } } });
    const cookie = await cookieWith({ token: "tok" });
    const none = await settle(() => supportLoader(routeArgs(getRequest("/support", cookie))));
    expect(none.status).toBe(404);
  });
});

describe("/desktop-warning", () => {
  it("a plain form post remembers the dismissal for a year and goes back to the page", async () => {
    const response = await settle(() =>
      desktopWarningAction(routeArgs(formRequest("/desktop-warning", { redirectTo: "/markets?page=2" }))),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/markets?page=2");
    expect(response.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^desktop-warning=dismissed; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly/),
    ]);
  });

  it("the JS fetcher (no redirectTo) gets { ok: true } and the cookie, and stays on the page", async () => {
    const response = await settle(() => desktopWarningAction(routeArgs(formRequest("/desktop-warning", {}))));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.getSetCookie()[0]).toMatch(/^desktop-warning=dismissed;/);
  });

  it("never redirects off site, and refuses a cross-origin post", async () => {
    const offsite = await settle(() =>
      desktopWarningAction(routeArgs(formRequest("/desktop-warning", { redirectTo: "https://evil.com/x" }))),
    );
    expect(offsite.headers.get("Location")).toBe("/");
    const crossOrigin = await settle(() =>
      desktopWarningAction(
        routeArgs(
          formRequest(
            "/desktop-warning",
            {},
            { headers: { Origin: "https://evil.com", "Sec-Fetch-Site": "cross-site" } },
          ),
        ),
      ),
    );
    expect(crossOrigin.status).toBe(403);
  });

  it("the root leaves the warning out on every page once the cookie is there", async () => {
    const before = await (await rootLoader(routeArgs(getRequest("/")))).json();
    expect(before.desktopWarningDismissed).toBe(false);
    const after = await (
      await rootLoader(routeArgs(getRequest("/markets", "lng=en; desktop-warning=dismissed")))
    ).json();
    expect(after.desktopWarningDismissed).toBe(true);
  });
});
