/** /desktop-warning: dismissing the desktop warning, as a plain form post and as the JS fetcher. */
import { describe, expect, it } from "vitest";

import { formRequest, routeArgs, settle } from "~/testing/route-harness";

import { action as desktopWarningAction } from "./desktop-warning";

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
});
