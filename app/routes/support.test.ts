/**
 * /support, the support button's target (docs/product.md#support): the chat when it is on, else the provider's link;
 * a visitor is sent to log in; 503 or 404 when the provider cannot say. The provider scripted.
 */
import { describe, expect, it } from "vitest";

import { getRequest, ok, settle, useScriptedProvider } from "~/testing/route-harness";

import { loader as supportLoader } from "./support";

const { provider, session } = useScriptedProvider({ token: "tok" });

const args = (request: Request) => ({ request, params: {}, context: {} });

it("/support opens the chat when it is on, else follows the link; 503 when the provider does not answer", async () => {
  provider.reply("/stock/success/kefu", { json: ok({ url: "https://chat.example/room", chat_enabled: true }) });
  const chat = await settle(() => supportLoader(args(getRequest("/support", session.cookie))));
  expect(chat.headers.get("Location")).toBe("/customer-service");

  provider.reply("/stock/success/kefu", { json: ok({ url: "https://chat.example/room", chat_enabled: false }) });
  const link = await settle(() => supportLoader(args(getRequest("/support", session.cookie))));
  expect(link.headers.get("Location")).toBe("https://chat.example/room");

  provider.reply("/stock/success/kefu", { fail: "network" });
  const down = await settle(() => supportLoader(args(getRequest("/support", session.cookie))));
  expect(down.status).toBe(503);
});

describe("/support, the provider's support link", () => {
  it("redirects to the provider's absolute support link, sending the token", async () => {
    provider.reply("/stock/success/kefu", { json: { msg: "ok", data: { url: "https://chat.example/room" } } });
    const response = await settle(() => supportLoader(args(getRequest("/support", session.cookie))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("https://chat.example/room");
    expect(provider.calls[0]).toMatchObject({ path: "/stock/success/kefu", token: "tok" });
  });

  it("sends a visitor to log in, and shows a page when the provider has no link", async () => {
    const visitor = await settle(() => supportLoader(args(getRequest("/support"))));
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fsupport");
    expect(provider.calls).toEqual([]);

    provider.reply("/stock/success/kefu", { json: { msg: "no", data: { code: "not_found" } } });
    const none = await settle(() => supportLoader(args(getRequest("/support", session.cookie))));
    expect(none.status).toBe(404);
  });
});
