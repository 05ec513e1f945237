import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createFrozenDatabaseProvider, type FrozenDatabaseProvider } from "./frozen-database";

/* GET /api/health reflects the database (decision 0187): PGlite by default, PostgreSQL with DATABASE_URL. */
let frozen: FrozenDatabaseProvider;
beforeAll(async () => {
  frozen = await createFrozenDatabaseProvider();
});
afterAll(() => frozen?.close());

describe("GET /api/health", () => {
  it("answers 200 while the database answers, 503 database_unavailable while it is frozen, 200 again after", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const p = frozen.provider;
    const healthy = await p.call("/api/health");
    expect(healthy).toEqual({
      status: 200,
      body: { msg: "ok", data: { status: "ok", time: p.clock.now().toISOString() } },
    });

    frozen.freeze();
    // Two balancer probes at once while frozen: both answer (one `select 1` between them), neither waits for the database.
    const [first, second] = await Promise.all([p.call("/api/health"), p.call("/api/health")]);
    for (const reply of [first, second]) {
      expect(reply).toEqual({ status: 503, body: { msg: "no", data: { code: "database_unavailable" } } });
    }
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
      "[provider] health: the database did not answer within 2000 ms",
    ]);

    await frozen.thaw();
    expect((await p.call("/api/health")).status).toBe(200);
    expect(warn.mock.calls.at(-1)?.[0]).toBe("[provider] health: the database answers again");
  });
});
