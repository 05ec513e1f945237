/** Tests of app/routes/qip_.orders.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, it } from "vitest";

import { expectSentToLogin, useRealProvider } from "~/testing/route-harness";

import { loader as qipOrdersLoader } from "./qip_.orders";

useRealProvider();

describe("(auth) product screens", () => {
  it("a visitor on /qip/orders is sent to log in", () => expectSentToLogin(qipOrdersLoader, "/qip/orders"));
});
