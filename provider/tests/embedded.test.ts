import { afterAll, describe, expect, it, vi } from "vitest";

import { closeEmbeddedProvider, getEmbeddedProvider } from "../embedded";

// The embedded provider reads its configuration from the environment; the vitest setup sets DATA_DIR=memory://.
// On PGlite this is a fresh in-memory database (initdb + migrations + seed, the slowest test: ~5 s).
afterAll(() => closeEmbeddedProvider());

// With DATABASE_URL set it would migrate that database's default schema, so it only runs on PGlite; the
// PostgreSQL path of startProvider is exercised by every other file through createTestProvider.
describe.skipIf(Boolean(process.env.DATABASE_URL))("getEmbeddedProvider", () => {
  // A fresh database (initdb, every migration, the seed): ~5–15 s alone, far more while other suites load the machine.
  it("is a process-wide singleton that serves /api requests", { timeout: 120_000 }, async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const [a, b] = await Promise.all([getEmbeddedProvider(), getEmbeddedProvider()]);
    const ready = log.mock.calls.filter((c) => String(c[0]).startsWith("[provider] ready"));
    expect(ready).toHaveLength(1);
    expect(String(ready[0][0])).toContain("demo login 9876543210 / demo1234, invitation code DEMO2026");
    log.mockRestore();
    warn.mockRestore();

    const login = await a.fetch(
      new Request("http://provider.internal/api/stock/user/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ user: "9876543210", password: "demo1234" }),
      }),
    );
    const body = await login.json();
    expect(body).toMatchObject({ msg: "ok", data: { user: "9876543210", money: "100000.00" } });
    const info = await b.fetch(
      new Request("http://provider.internal/api/stock/success/v2/user/info", {
        headers: { authorization: `Bearer ${body.data.token}` },
      }),
    );
    expect((await info.json()).data.no).toBe(100001);
    expect(await getEmbeddedProvider()).toBeDefined();
  });
});
