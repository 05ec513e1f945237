import { describe, expect, it } from "vitest";

import { commitSession, getSession, getUser, requireUserToken, safeRedirect } from "~/session.server";
import { ORIGIN, getRequest, settle } from "~/testing/http";

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

describe("requireUserToken", () => {
  it("sends a visitor to /login with the path and query to come back to", async () => {
    const response = await settle(() => requireUserToken(getRequest("/trade?tab=forex")).then(() => new Response("ok")));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Ftrade%3Ftab%3Dforex");
  });

  it("drops Remix's internal _data parameter from redirectTo", async () => {
    const response = await settle(() =>
      requireUserToken(getRequest("/settings?_data=routes%2Fsettings")).then(() => new Response("ok")),
    );
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fsettings");
  });

  it("returns the token from the cookie session", async () => {
    const session = await getSession(new Request(ORIGIN));
    session.set("token", "tok-123");
    session.set("user", { user: "9876543210", no: "42" });
    const cookie = (await commitSession(session)).split(";")[0];
    expect(await requireUserToken(getRequest("/trade", cookie))).toBe("tok-123");
    expect(await getUser(getRequest("/", cookie))).toEqual({ user: "9876543210", no: "42" });
  });

  it("ignores a tampered cookie", async () => {
    const response = await settle(() =>
      requireUserToken(getRequest("/trade", "__session=eyJ0b2tlbiI6ImZha2UifQ%3D%3D.bad")).then(() => new Response("ok")),
    );
    expect(response.status).toBe(302);
  });
});
