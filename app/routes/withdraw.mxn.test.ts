/** Tests of app/routes/withdraw.tsx on the MXN deployment (the app reads it once per process) (one test file per route: docs/ARCHITECTURE.md#tests). */
import { expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "MXN";
});

import { fieldErrors, useRouteFixture } from "~/testing/route-harness";

import { action as withdrawAction } from "./withdraw";

const { customer, post } = useRouteFixture({ deployment: "MXN" });

it("the minimum is said in pesos", async () => {
  const { cookie } = await customer("1000.00");
  const withdraw = await post(withdrawAction, "/withdraw", { intent: "review", card: "1", amount: "5" }, cookie);
  expect(await fieldErrors(withdraw)).toMatchObject({ amount: ["Minimum withdrawal amount is MX$10"] });
});
