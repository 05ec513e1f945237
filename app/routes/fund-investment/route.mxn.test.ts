/** Tests of app/routes/fund-investment/route.tsx on the MXN deployment (the app reads it once per process) (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "MXN";
});

import { load, useRouteFixture } from "~/testing/route-harness";

import { loader as fundsLoader, type FundsPageData } from "./route";

const { buyer } = useRouteFixture({ deployment: "MXN" });

describe("MXN deployment", () => {
  it("the funds are offered on MXN too", async () => {
    const { cookie } = await buyer("1000000.00");
    const page = await load<FundsPageData>(fundsLoader, "/fund-investment", cookie);
    expect(page.funds[0]).toMatchObject({ name: "Liquid Plus 14-Day Fund", amount: "5000.00" });
  });
});
