import { describe, expect, it } from "vitest";

import { getRequest, sessionCookie, useScriptedProvider } from "~/testing/route-harness";

import { setOfflineHeaders } from "./offline-session.server";

useScriptedProvider();

async function headersFor(request: Request, rootData: unknown = {}) {
  const headers = new Headers();
  await setOfflineHeaders(request, headers, rootData);
  return { session: headers.get("X-Offline-Session"), copy: headers.get("X-Offline-Copy") };
}

describe("whose document the worker is told it is", () => {
  it("a visitor's is anonymous", async () => {
    expect(await headersFor(getRequest("/markets"))).toEqual({ session: "anonymous", copy: null });
  });

  it("one session has one key on every page, the next sign-in another, and neither is the cookie", async () => {
    const first = await sessionCookie({ token: "a".repeat(43), phone: "9876543210", id: 1 });
    const second = await sessionCookie({ token: "b".repeat(43), phone: "9876543210", id: 1 });
    const home = await headersFor(getRequest("/", first));
    const markets = await headersFor(getRequest("/markets", first));
    const again = await headersFor(getRequest("/", second));
    expect(home.session).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(markets.session).toBe(home.session);
    expect(again.session).not.toBe(home.session);
    expect(first).not.toContain(home.session);
  });

  it("a page showing a toast is not kept, and a POST's reply carries nothing", async () => {
    const cookie = await sessionCookie({ token: "c".repeat(43), phone: "9876543210", id: 1 });
    expect((await headersFor(getRequest("/trade", cookie), { toast: { key: "toast.loggedOut" } })).copy).toBe("no");
    const post = new Request("http://localhost/trade", { method: "POST", headers: { Cookie: cookie } });
    expect(await headersFor(post)).toEqual({ session: null, copy: null });
  });
});

describe("the key a document's headers carry and the one its page data carries", () => {
  it("are the same, from the root data when the page has it, for a customer and for a visitor", async () => {
    const cookie = await sessionCookie({ token: "d".repeat(43), phone: "9876543210", id: 1 });
    const computed = await headersFor(getRequest("/markets", cookie));
    expect((await headersFor(getRequest("/markets", cookie), { deviceKey: computed.session })).session).toBe(
      computed.session,
    );
    expect((await headersFor(getRequest("/markets", cookie), { deviceKey: "k".repeat(22) })).session).toBe(
      "k".repeat(22),
    );
    expect((await headersFor(getRequest("/markets"), { deviceKey: null })).session).toBe("anonymous");
  });
});
