/** Tests of app/routes/recharge.tsx on the MXN deployment (the app reads it once per process) (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "MXN";
});

import { fieldErrors, post, sessionCookie, useRealProvider } from "~/testing/route-harness";

import { action as rechargeAction } from "./recharge";
import { action as withdrawAction } from "./withdraw";
import { newTrader } from "../../provider/tests/helpers";

const provider = useRealProvider({ deployment: "MXN" });

const customer = async () => sessionCookie(await newTrader(provider, "1000.00"));

describe("wallet (MXN)", () => {
  it("minimums are said in pesos", async () => {
    const cookie = await customer();
    const recharge = await post(
      rechargeAction,
      "/recharge",
      { intent: "review", method: "bank", amount: "100" },
      cookie,
    );
    expect(await fieldErrors(recharge)).toMatchObject({ amount: ["The minimum recharge amount is MX$5000"] });
    const withdraw = await post(withdrawAction, "/withdraw", { intent: "review", card: "1", amount: "5" }, cookie);
    expect(await fieldErrors(withdraw)).toMatchObject({ amount: ["Minimum withdrawal amount is MX$10"] });
  });
});
