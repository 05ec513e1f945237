/**
 * /logout (docs/product.md#accounts): a POST without the confirm intent only asks; with it the session ends here even
 * when the provider does not answer (a scripted provider). The whole sign-in to sign-out flow against a real provider:
 * app/session/sign-in-flow.test.ts.
 */
import { describe, expect, it } from "vitest";

import { getSignedIn } from "~/session/session.server";
import {
  cookieHeaderFrom,
  formRequest,
  getRequest,
  routeArgs,
  scriptedLoginReply,
  settle,
  toastOf,
  useScriptedProvider,
} from "~/testing/route-harness";

import { action as loginAction } from "./login";
import { action as logoutAction } from "./logout";

const { provider } = useScriptedProvider();

describe("logout", () => {
  async function signedIn() {
    provider.reply("/stock/user/login", scriptedLoginReply({ token: "tok-out" }));
    return cookieHeaderFrom(
      await settle(() => loginAction(routeArgs(formRequest("/login", { phone: "9876543210", password: "secret1" })))),
    );
  }

  it("a POST without the confirm intent goes to the confirm step and keeps the session", async () => {
    const cookie = await signedIn();
    provider.reset();
    const response = await settle(() => logoutAction(routeArgs(formRequest("/logout", {}, { cookie }))));
    expect(response.headers.get("Location")).toBe("/settings?confirm=logout");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(provider.calls).toEqual([]);
  });

  it("ends the session here even when the provider does not answer, with a toast", async () => {
    const cookie = await signedIn();
    provider.reply("/stock/success/user/logout", { status: 503, text: "down" });
    const response = await settle(() =>
      logoutAction(routeArgs(formRequest("/logout", { intent: "logout" }, { cookie }))),
    );
    expect(response.headers.get("Location")).toBe("/login");
    expect(provider.calls.at(-1)).toMatchObject({ path: "/stock/success/user/logout", token: "tok-out" });
    const after = cookieHeaderFrom(response, cookie);
    expect(await getSignedIn(getRequest("/", after))).toBeNull();
    expect(await toastOf(response)).toEqual({ key: "toast.loggedOut" });
  });
});
