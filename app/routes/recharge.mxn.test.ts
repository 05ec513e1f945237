/** Tests of app/routes/recharge.tsx on the MXN deployment (the app reads it once per process) (one test file per route: docs/ARCHITECTURE.md#tests). */
import { expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "MXN";
});

import { fieldErrors, useRouteFixture } from "~/testing/route-harness";

import { action as rechargeAction } from "./recharge";

const { customer, post } = useRouteFixture({ deployment: "MXN" });

it("the minimum is said in pesos", async () => {
  const { cookie } = await customer("1000.00");
  const fields = { intent: "review", method: "bank", amount: "100" };
  const recharge = await post(rechargeAction, "/recharge", fields, cookie);
  expect(await fieldErrors(recharge)).toMatchObject({ amount: ["The minimum recharge amount is MX$5000"] });
});
