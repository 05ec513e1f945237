/** /resources/unread, the header's unread count: only for a signed-in customer with the chat on. */
import { describe, expect, it } from "vitest";

import { getRequest, ok, useScriptedProvider } from "~/testing/route-harness";

import { loader as unreadLoader } from "./resources.unread";

const { provider, session } = useScriptedProvider({ token: "tok" });

const args = (request: Request) => ({ request, params: {}, context: {} });

describe("/resources/unread", () => {
  it("a visitor gets 401 and the provider is not asked", async () => {
    const response = await unreadLoader(args(getRequest("/resources/unread")));
    expect(response.status).toBe(401);
    expect(provider.calls).toEqual([]);
  });

  it("signed in with the chat on: the unread count", async () => {
    provider.reply("/stock/success/kefu", { json: ok({ url: "/customer-service", chat_enabled: true }) });
    provider.reply("/stock/success/user_message/unread-count", { json: ok({ unread_count: 2 }) });
    const response = await unreadLoader(args(getRequest("/resources/unread", session.cookie)));
    expect(await response.json()).toEqual({ chatEnabled: true, unread: 2, external: false });
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("a provider that says the count with the support link is asked once (docs/decisions/0540)", async () => {
    provider.reply("/stock/success/kefu", {
      json: ok({ url: "/customer-service", chat_enabled: true, unread_count: 3 }),
    });
    const response = await unreadLoader(args(getRequest("/resources/unread", session.cookie)));
    expect(await response.json()).toEqual({ chatEnabled: true, unread: 3, external: false });
    expect(provider.calls.map((call) => [call.path, call.query])).toEqual([["/stock/success/kefu", { unread: "1" }]]);
  });

  it("signed in with the chat off: no count is asked for; says whether the support link is another site's", async () => {
    provider.reply("/stock/success/kefu", { json: ok({ url: "https://help.example/chat", chat_enabled: false }) });
    const response = await unreadLoader(args(getRequest("/resources/unread", session.cookie)));
    expect(await response.json()).toEqual({ chatEnabled: false, unread: 0, external: true });
    expect(provider.calls.map((call) => call.path)).toEqual(["/stock/success/kefu"]);
  });

  it("asks the support link and the unread count on every poll", async () => {
    provider.reply("/stock/success/kefu", { json: ok({ url: "/customer-service", chat_enabled: true }) });
    provider.reply("/stock/success/user_message/unread-count", { json: ok({ unread_count: 1 }) });
    for (let poll = 0; poll < 2; poll++) {
      const response = await unreadLoader(args(getRequest("/resources/unread", session.cookie)));
      expect(await response.json()).toEqual({ chatEnabled: true, unread: 1, external: false });
    }
    expect(provider.calls.map((call) => [call.path, call.token])).toEqual([
      ["/stock/success/kefu", "tok"],
      ["/stock/success/user_message/unread-count", "tok"],
      ["/stock/success/kefu", "tok"],
      ["/stock/success/user_message/unread-count", "tok"],
    ]);
  });

  it("a failed support link is a 503; the next poll asks again", async () => {
    provider.reply("/stock/success/kefu", { fail: "network" });
    const failed = await unreadLoader(args(getRequest("/resources/unread", session.cookie)));
    expect(failed.status).toBe(503);
    provider.reply("/stock/success/kefu", { json: ok({ url: "https://help.example/chat", chat_enabled: false }) });
    const answered = await unreadLoader(args(getRequest("/resources/unread", session.cookie)));
    expect(await answered.json()).toEqual({ chatEnabled: false, unread: 0, external: true });
    expect(provider.calls.map((call) => call.path)).toEqual(["/stock/success/kefu", "/stock/success/kefu"]);
  });
});
