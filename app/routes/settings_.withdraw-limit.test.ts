/** Tests of app/routes/settings_.withdraw-limit.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it } from "vitest";

import { expectSentToLogin, fieldErrors, load, useRouteFixture, type Route } from "~/testing/route-harness";

import { action, loader } from "./settings_.withdraw-limit";

const { customer, post, toast } = useRouteFixture();
const PATH = "/settings/withdraw-limit";

describe("daily withdrawal limit", () => {
  it("a visitor is sent to log in", () => expectSentToLogin(loader as Route, PATH));

  it("refuses what is not a whole amount of at least 1, saves one with a toast, and an empty one removes it", async () => {
    const { cookie } = await customer();
    expect(await load(loader, PATH, cookie)).toMatchObject({ limit: "", constraint: { limit: { required: false } } });

    const message = "Enter the limit as a whole amount of at least 1, or leave it empty";
    expect(await fieldErrors(await post(action, PATH, { limit: "12.50" }, cookie))).toEqual({ limit: [message] });
    expect(await fieldErrors(await post(action, PATH, { limit: "0" }, cookie))).toEqual({ limit: [message] });
    expect(await load(loader, PATH, cookie)).toMatchObject({ limit: "" });

    const saved = await post(action, PATH, { limit: "5000" }, cookie);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/settings");
    expect(await toast(saved)).toBe("Daily withdrawal limit saved");
    expect(await load(loader, PATH, cookie)).toMatchObject({ limit: "5000" });

    const removed = await post(action, PATH, { limit: "" }, cookie);
    expect(removed.headers.get("Location")).toBe("/settings");
    expect(await toast(removed)).toBe("Daily withdrawal limit removed");
    expect(await load(loader, PATH, cookie)).toMatchObject({ limit: "" });
  });
});
