/**
 * Issue 22 item 7: the app's /healthz answers 503 while its provider's database is frozen (a balancer then takes the
 * instance out), 200 again once it answers (decision 0187). A real test provider: PGlite by default, PostgreSQL
 * behind a paused TCP proxy with DATABASE_URL (`createFrozenDatabaseProvider`, provider/tests/frozen-database.ts).
 */
import { afterAll, beforeAll, expect, it, vi } from "vitest";

import { loader as healthzLoader } from "~/routes/healthz";
import { getRequest } from "~/testing/http";
import {
  createFrozenDatabaseProvider,
  type FrozenDatabaseProvider,
  sendProviderCallsTo,
} from "~/testing/route-harness";

let frozen: FrozenDatabaseProvider;
let uninstall: (() => void) | undefined;
beforeAll(async () => {
  frozen = await createFrozenDatabaseProvider();
  uninstall = sendProviderCallsTo((request) => frozen.provider.fetch(request));
});
afterAll(async () => {
  uninstall?.();
  await frozen?.close();
});

const healthz = async () => {
  const response = await healthzLoader({ request: getRequest("/healthz") });
  return { status: response.status, body: await response.json() };
};

it("/healthz: 200, then 503 while the provider's database is frozen, then 200 once it answers again", async () => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  expect(await healthz()).toEqual({ status: 200, body: { ok: true, warnings: [] } });
  frozen.freeze();
  expect(await healthz()).toEqual({ status: 503, body: { ok: false, reason: "server_error", warnings: [] } });
  await frozen.thaw();
  expect(await healthz()).toEqual({ status: 200, body: { ok: true, warnings: [] } });
});
