/** Tests of app/routes/ipo_.orders.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "INR";
});

import { expectSentToLogin, useRealProvider, type Route } from "~/testing/route-harness";

import { loader as ipoOrdersLoader } from "./ipo_.orders";

useRealProvider();

describe("(auth) product screens", () => {
  it.each([["/ipo/orders", ipoOrdersLoader]] as const)("a visitor on %s is sent to log in", (path, loader) =>
    expectSentToLogin(loader as Route, path),
  );
});
