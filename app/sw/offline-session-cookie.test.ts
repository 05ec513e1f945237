/**
 * The `offline_session` cookie over real HTTP (server/app.mjs around the source routes, a real provider): it is
 * written with the session cookie, lives as long, and goes whenever the session does, on answers entry.server never
 * sees too (a document post's redirect, a guarded page's redirect to /login). The service worker shows a customer's
 * copies only while it names their session (docs/decisions/0342-copies-live-with-the-session-cookie.md).
 */
import { describe, expect, it } from "vitest";

import { cookiesOf, send, useAppServer, type RawResponse } from "~/testing/app-server";

import { TEST_DEMO_PASSWORD, TEST_DEMO_USER } from "../../provider/testing";

const server = useAppServer();

/** The response's Set-Cookie line for the cookie `name`, if it sets one. */
const setCookie = (response: RawResponse, name: string) =>
  (response.headers["set-cookie"] ?? []).find((line) => line.startsWith(`${name}=`));

const sameOrigin = () => ({
  "content-type": "application/x-www-form-urlencoded",
  origin: server.origin,
  "sec-fetch-site": "same-origin",
});

async function signIn(): Promise<{ response: RawResponse; cookie: string }> {
  const response = await send(server, "POST", "/login", {
    headers: sameOrigin(),
    body: new URLSearchParams({ phone: TEST_DEMO_USER, password: TEST_DEMO_PASSWORD, redirectTo: "/" }).toString(),
  });
  expect(response.status).toBe(302);
  return { response, cookie: cookiesOf(response) };
}

describe("the cookie that names the session for the service worker", () => {
  it("comes with a sign-in: the session's key, for exactly as long as the session cookie", async () => {
    const { response, cookie } = await signIn();
    const session = setCookie(response, "__session")!;
    const offline = setCookie(response, "offline_session")!;
    expect(offline).toMatch(/^offline_session=[\w-]{22}; Path=\/; SameSite=Lax; Max-Age=\d+$/);
    expect(/Max-Age=(\d+)/.exec(offline)![1]).toBe(/Max-Age=(\d+)/.exec(session)![1]);
    // Readable by the page and the worker (not HttpOnly), unlike the session cookie; the key, not the cookie.
    expect(session).toMatch(/HttpOnly/);
    expect(offline).not.toMatch(/HttpOnly/);
    expect(session).not.toContain(offline.split(";")[0].split("=")[1]);
    // The same key the page's documents carry for the worker.
    const page = await send(server, "GET", "/markets", { headers: { cookie } });
    expect(page.headers["x-offline-session"]).toBe(offline.split(";")[0].split("=")[1]);
  });

  it("goes when the session is ended from another device and this browser's next answer says so", async () => {
    const phone = await signIn();
    const other = await signIn();
    const ended = await send(server, "POST", "/settings/devices", {
      headers: { ...sameOrigin(), cookie: other.cookie },
      body: "intent=end-others",
    });
    expect(ended.status).toBe(302);
    // The phone opens a screen: sent to sign in (a redirect entry.server does not see), both cookies cleared.
    const next = await send(server, "GET", "/trade", { headers: { cookie: phone.cookie } });
    expect(next.status).toBe(302);
    expect(next.headers.location).toBe("/login?redirectTo=%2Ftrade");
    expect(setCookie(next, "__session")).toMatch(/^__session=;/);
    expect(setCookie(next, "offline_session")).toMatch(/^offline_session=; Path=\/; SameSite=Lax; Max-Age=0; Expires=/);
    expect(cookiesOf(next, phone.cookie)).not.toMatch(/__session=|offline_session=/);
  });

  it("goes at logout, and when it is left without its session cookie; a visitor gets none", async () => {
    const { cookie } = await signIn();
    const logout = await send(server, "POST", "/logout", {
      headers: { ...sameOrigin(), cookie },
      body: "intent=logout",
    });
    expect(logout.status).toBe(302);
    expect(cookiesOf(logout, cookie)).not.toMatch(/__session=|offline_session=/);

    const key = /offline_session=([\w-]+)/.exec(cookie)![1];
    const alone = await send(server, "GET", "/markets", { headers: { cookie: `offline_session=${key}` } });
    expect(setCookie(alone, "offline_session")).toMatch(/^offline_session=; .*Max-Age=0/);

    expect(setCookie(await send(server, "GET", "/markets"), "offline_session")).toBeUndefined();
  });
});
