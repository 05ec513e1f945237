/** Tests of app/routes/recharge-records.($type).tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "INR";
});

import { ProviderUnavailableError } from "~/provider/core.server";
import { getRequest, settle, useScriptedProvider, type Route } from "~/testing/route-harness";

import { loader as rechargeRecordsLoader } from "./recharge-records.($type)";

const { provider, session } = useScriptedProvider();

const get = (loader: Route, path: string) =>
  settle(() => loader({ request: getRequest(path, session.cookie), params: {}, context: {} }));

describe("lists that cannot be loaded", () => {
  it.each([["/recharge-records", rechargeRecordsLoader]] as const)(
    "%s answers 503 with its own failed state",
    async (path, loader) => {
      provider.respond(() => {
        throw new ProviderUnavailableError("timeout");
      });
      const response = await get(loader as Route, path);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ failed: true });
    },
  );
});
