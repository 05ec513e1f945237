import { describe, expect, it } from "vitest";

import { newTrader, useInProcessProvider } from "./helpers";
import type { Executor } from "../db/database";
import { compiledOnce } from "../db/repositories/common";

/* A hot read built and compiled by Kysely once (provider/db/repositories/common.ts, decision 0323). */
const p = useInProcessProvider();

describe("compiledOnce", () => {
  it("builds the query once and answers every call with its own arguments", async () => {
    let builds = 0;
    const phoneById = compiledOnce((db: Executor, id: number) => {
      builds++;
      return db.selectFrom("users").select("phone").where("id", "=", id);
    });
    const first = await newTrader(p);
    const second = await newTrader(p);
    expect(await phoneById(p.db, first.id)).toEqual([{ phone: first.phone }]);
    expect(await phoneById(p.db, second.id)).toEqual([{ phone: second.phone }]);
    expect(await phoneById(p.db, -1)).toEqual([]);
    expect(builds).toBe(1);
  });

  it("keeps the query's own constants and takes a Date argument", async () => {
    const trader = await newTrader(p);
    const liveSessions = compiledOnce((db: Executor, userId: number, now: Date) =>
      db
        .selectFrom("sessions")
        .select("user_id")
        .where("user_id", "=", userId)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", now),
    );
    expect(await liveSessions(p.db, trader.id, new Date("2020-01-01T00:00:00Z"))).toEqual([{ user_id: trader.id }]);
    expect(await liveSessions(p.db, trader.id, new Date("2999-01-01T00:00:00Z"))).toEqual([]);
  });

  it("runs inside a transaction on the transaction's connection", async () => {
    const trader = await newTrader(p);
    const moneyOf = compiledOnce((db: Executor, id: number) =>
      db.selectFrom("users").select("money").where("id", "=", id),
    );
    const seen = await p.db.transaction().execute(async (trx) => {
      await trx.updateTable("users").set({ money: "1.23" }).where("id", "=", trader.id).execute();
      return moneyOf(trx, trader.id);
    });
    expect(seen).toEqual([{ money: "1.23" }]);
  });

  it("refuses a query that computes with an argument instead of sending it as a value", async () => {
    const trader = await newTrader(p);
    const wrong = compiledOnce((db: Executor, id: number) =>
      db
        .selectFrom("users")
        .select("phone")
        .where("id", "=", Number(id) + 0),
    );
    await expect(wrong(p.db, trader.id)).rejects.toThrow("compiledOnce: every argument must be a value of the query");
  });
});
