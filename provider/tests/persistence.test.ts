import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";

import { startProvider } from "../bootstrap";
import { configFromEnv } from "../config";
import { openDatabase } from "../db/connect";
import { memoryNotifier } from "../notifier";
import { pgliteSnapshot, TEST_DEMO_PASSWORD, TEST_DEMO_USER } from "../testing";

const usingPostgres = Boolean(process.env.DATABASE_URL);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "provider-persist-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const config = {
  ...configFromEnv({} as NodeJS.ProcessEnv),
  dataDir: dir,
  inviteCode: "DEMO2026",
  demoUser: TEST_DEMO_USER,
  demoPassword: TEST_DEMO_PASSWORD,
};

describe.skipIf(usingPostgres)("persistence (PGlite data directory)", () => {
  // Writes a data directory and opens it again: seconds alone, far more while other suites load the machine.
  it(
    "keeps users, sessions and bills across a restart; migrations and seed are idempotent",
    { timeout: 120_000 },
    async () => {
      // First start from the snapshot written into a real directory (a fresh initdb would cost ~3 s, ~800 MB).
      const first = await startProvider({
        config,
        database: { dataDir: dir, loadDataDir: await pgliteSnapshot() },
        notifier: memoryNotifier(),
      });
      const reg = await first.app.request("/api/stock/user/reg", {
        method: "POST",
        body: JSON.stringify({ user: "5554443333", password: "secret1", code: "DEMO2026" }),
      });
      expect((await reg.json()).msg).toBe("ok");
      const login = await (
        await first.app.request("/api/stock/user/login", {
          method: "POST",
          body: JSON.stringify({ user: "5554443333", password: "secret1" }),
        })
      ).json();
      const token = login.data.token;
      const counts = async (db: typeof first.handle.db) => ({
        bills: (
          await db
            .selectFrom("bills")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
        instruments: (
          await db
            .selectFrom("instruments")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
        news: (
          await db
            .selectFrom("news")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      });
      const before = await counts(first.handle.db);
      await first.close();
      expect(fs.readdirSync(dir).length).toBeGreaterThan(0);

      // Reopen the directory the way production does (migrate + seed run again and change nothing).
      const second = await startProvider({ config, notifier: memoryNotifier() });
      try {
        expect(await counts(second.handle.db)).toEqual(before);
        const info = await (await second.app.request("/api/stock/success/v2/user/info", { headers: { token } })).json();
        expect(info).toMatchObject({ msg: "ok", data: { user: "5554443333" } });
        const demo = await (
          await second.app.request("/api/stock/user/login", {
            method: "POST",
            body: JSON.stringify({ user: TEST_DEMO_USER, password: TEST_DEMO_PASSWORD }),
          })
        ).json();
        expect(demo.data.money).toBe("100000.00");
      } finally {
        await second.close();
      }
    },
  );

  // Decision 0331: PGlite used to write its files 0666 and its folders 0777 less the umask.
  it(
    "keeps the database owner-only in a data directory others can enter, and tightens what an older version left open",
    { timeout: 120_000 },
    async () => {
      const existing = fs.mkdtempSync(path.join(os.tmpdir(), "provider-perms-"));
      try {
        fs.chmodSync(existing, 0o755); // as Docker's /data or a volume
        const first = await openDatabase({ dataDir: existing, loadDataDir: await pgliteSnapshot() });
        await first.close();
        expect(openToOthers(existing)).toEqual([]);

        // Left by an older version: a file 0666 and a folder 0777; and a key file others may read (its own check
        // refuses it at start, provider/operator-key.ts, so it is left for that check to report).
        fs.chmodSync(path.join(existing, "PG_VERSION"), 0o666);
        fs.chmodSync(path.join(existing, "base"), 0o777);
        fs.chmodSync(existing, 0o755);
        fs.writeFileSync(path.join(existing, "operator.key"), "key\n", { mode: 0o644 });
        const second = await openDatabase({ dataDir: existing });
        await sql`create table written_later (id int)`.execute(second.db);
        await sql`insert into written_later select generate_series(1, 1000)`.execute(second.db);
        await second.close();
        expect(openToOthers(existing)).toEqual(["operator.key 644"]);
      } finally {
        fs.rmSync(existing, { recursive: true, force: true });
      }
    },
  );
});

/** Every entry under `dir` (and `dir` itself, as ".") that its group or others may open, with its mode. */
function openToOthers(dir: string): string[] {
  return [".", ...fs.readdirSync(dir, { recursive: true }).map(String)]
    .map((name) => [name, fs.lstatSync(path.join(dir, name)).mode & 0o777] as const)
    .filter(([, mode]) => (mode & 0o077) !== 0)
    .map(([name, mode]) => `${name} ${mode.toString(8)}`);
}
