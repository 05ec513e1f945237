import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";

import { customer, newTrader, useInProcessProvider } from "./helpers";
import * as migration from "../db/migrations/2026-12-02T0900-customer-settings";
import { CUSTOMER_SETTING_NAMES, CUSTOMER_SETTINGS } from "../services/customer-settings";

/*
 * The customer's own settings (docs/provider-api.md, "Customer settings"; docs/decisions/0500), over every entry of
 * the registry: each example the entry promises is kept, through the one route the entry gets. A new setting is tested
 * here by its entry's examples; a service that keeps to a setting tests that in its own file (the daily withdrawal
 * limit: wallet-funds.test.ts).
 */
const p = useInProcessProvider();

describe("customer settings", () => {
  it("gives every setting a saved and a refused example", () => {
    expect(CUSTOMER_SETTING_NAMES).toContain("withdraw_limit");
    for (const name of CUSTOMER_SETTING_NAMES) {
      expect(CUSTOMER_SETTINGS[name].examples.saved.length, name).toBeGreaterThan(0);
      expect(CUSTOMER_SETTINGS[name].examples.refused.length, name).toBeGreaterThan(0);
    }
  });

  it.each(CUSTOMER_SETTING_NAMES)(
    "%s: unset at first, saved as its examples say, refused on `value` as they say, removed with null and an empty value",
    async (name) => {
      const { examples } = CUSTOMER_SETTINGS[name];
      const c = customer(p, (await newTrader(p, "1000.00")).token);
      const stored = async () => (await c.get("/v2/user/info")).body.data.settings[name];
      const save = (value: unknown) => c.post(`/user/settings/${name}`, { value });
      expect(await stored()).toBeNull();
      for (const [input, value] of examples.saved) {
        expect((await save(input)).body, JSON.stringify(input)).toEqual({ msg: "ok", data: { value } });
        expect(await stored()).toBe(value);
      }
      const [, last] = examples.saved.at(-1)!;
      for (const [input, code] of examples.refused) {
        expect((await save(input)).body, JSON.stringify(input)).toMatchObject({
          msg: "no",
          data: { code, field: "value" },
        });
        expect(await stored()).toBe(last);
      }
      expect((await save(null)).body).toEqual({ msg: "ok", data: { value: null } });
      expect(await stored()).toBeNull();
      await save(examples.saved[0][0]);
      expect((await save("")).body).toEqual({ msg: "ok", data: { value: null } });
      expect(await stored()).toBeNull();
    },
  );

  it("keeps each customer's settings apart, and one setting's removal leaves the account's other data", async () => {
    const [a, b] = await Promise.all([newTrader(p, "1000.00"), newTrader(p, "2000.00")]);
    await customer(p, a.token).post("/user/settings/withdraw_limit", { value: "300" });
    const info = async (token: string) => (await customer(p, token).get("/v2/user/info")).body.data;
    expect((await info(a.token)).settings).toMatchObject({ withdraw_limit: "300.00" });
    expect((await info(b.token)).settings).toMatchObject({ withdraw_limit: null });
    await customer(p, a.token).post("/user/settings/withdraw_limit", { value: null });
    expect(await info(a.token)).toMatchObject({ money: "1000.00", settings: { withdraw_limit: null } });
  });

  it("is a route per setting: an unknown name is not found, and a customer's token is needed", async () => {
    expect((await p.call("/api/stock/success/user/settings/withdraw_limit", { body: { value: "5" } })).body).toEqual({
      msg: "logout",
    });
    const c = customer(p, (await newTrader(p, "1000.00")).token);
    expect((await c.post("/user/settings/no_such_setting", { value: "5" })).status).toBe(404);
  });
});

describe("the migration to users.settings (2026-12-02T0900-customer-settings)", () => {
  it("moves the daily withdrawal limit between its old column and settings both ways, as its money string", async () => {
    // One after the other: the rows below are ordered by id, so `a` must be the older customer (made side by side,
    // either could get the lower id; that failed once in CI on PostgreSQL).
    const a = await newTrader(p, "1000.00");
    const b = await newTrader(p, "1000.00");
    await customer(p, a.token).post("/user/settings/withdraw_limit", { value: "300" });
    const db = p.db as unknown as Kysely<any>;
    const rows = (column: string) =>
      db.selectFrom("users").select(["id", column]).where("id", "in", [a.id, b.id]).orderBy("id").execute();
    await migration.down(db);
    expect(await rows("daily_withdraw_limit")).toEqual([
      { id: a.id, daily_withdraw_limit: "300.00" },
      { id: b.id, daily_withdraw_limit: null },
    ]);
    await db.updateTable("users").set({ daily_withdraw_limit: "750" }).where("id", "=", b.id).execute();
    await migration.up(db);
    expect(await rows("settings")).toEqual([
      { id: a.id, settings: { withdraw_limit: "300.00" } },
      { id: b.id, settings: { withdraw_limit: "750.00" } },
    ]);
  });
});
