/** Tests of app/routes/recharge-records.($type).tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, it } from "vitest";

import { useScriptedProvider } from "~/testing/route-harness";

import { loader as rechargeRecordsLoader } from "./recharge-records.($type)";

const { expectFailedState } = useScriptedProvider();

describe("lists that cannot be loaded", () => {
  it("/recharge-records answers 503 with its own failed state", () =>
    expectFailedState(rechargeRecordsLoader, "/recharge-records"));
});
