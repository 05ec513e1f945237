/** The root loader: locale, visible locales, deployment, the signed-in customer, a flash toast once, the desktop warning. */
import { afterEach, describe, expect, it } from "vitest";

import { toastCookie } from "~/session/toast.server";
import { cookieHeaderFrom, getRequest, routeArgs, sessionCookie, useScriptedProvider } from "~/testing/route-harness";

import { localeCookie } from "./i18n/i18next.server";
import { loader as rootLoader } from "./root";

useScriptedProvider();
afterEach(() => {
  delete process.env.VISIBLE_LOCALES;
  delete process.env.DEPLOYMENT;
});

describe("root loader", () => {
  it("returns locale, visible locales, deployment, user and the current locale's translations", async () => {
    process.env.VISIBLE_LOCALES = "en, de ,xx";
    process.env.DEPLOYMENT = "MXN";
    const cookie = `${await sessionCookie({ token: "t", phone: "9876543210", id: 3 })}; ${(await localeCookie.serialize("de")).split(";")[0]}`;
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
    const cookie = (await toastCookie({ key: "toast.loggedIn" })).split(";")[0];
    const first = await rootLoader(routeArgs(getRequest("/", cookie)));
    expect((await first.json()).toast).toEqual({ text: "Welcome back." });
    const next = cookieHeaderFrom(first, cookie);
    const second = await rootLoader(routeArgs(getRequest("/", next)));
    expect((await second.json()).toast).toBeNull();
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
