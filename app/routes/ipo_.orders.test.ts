/** Tests of app/routes/ipo_.orders.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, it } from "vitest";

import { expectSentToLogin, useRealProvider } from "~/testing/route-harness";

import { loader as ipoOrdersLoader } from "./ipo_.orders";

useRealProvider();

describe("(auth) product screens", () => {
  it("a visitor on /ipo/orders is sent to log in", () => expectSentToLogin(ipoOrdersLoader, "/ipo/orders"));
});
