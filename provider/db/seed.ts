import Decimal from "decimal.js";

import type { Deployment } from "../config";
import type { DB } from "./database";
import { isUniqueViolation } from "./errors";
import { SEED_NEWS } from "./seed-news";
import { seedProducts } from "./seed-products";
import { CATEGORIES, MARKET_NAMES, UNIVERSE } from "../market/universe";
import { ensureInvitationCode } from "./repositories/invitation-codes";
import { insertNewsOnce } from "./repositories/news";
import { findUserByPhone, insertUser } from "./repositories/users";
import { seedConfig, seedDemoWallet } from "./seed-wallet";
import { applyBalanceChange } from "../services/ledger";

export interface SeedOptions {
  inviteCode: string;
  demoUser: string;
  /** The deployment the demo customer's bank card belongs to (an Indian bank for INR, a Mexican one for MXN). */
  deployment: Deployment;
  /** Already hashed (argon2id). */
  demoPasswordHash: () => Promise<string>;
  now: Date;
}

export const OPENING_BALANCE = "100000.00";

/** Idempotent: safe to run on every start. */
export async function seed(db: DB, options: SeedOptions): Promise<void> {
  const { now } = options;

  await db.transaction().execute(async (trx) => {
    for (const [i, entry] of UNIVERSE.entries()) {
      const values = {
        symbol: entry.symbol,
        name: entry.name,
        market: entry.market,
        exchange_name: entry.exchange,
        market_name: MARKET_NAMES[entry.market],
        category: entry.category,
        kind: entry.kind,
        reference_price: String(entry.ref),
        precision: entry.precision,
        sort_order: i + 1,
      };
      await trx
        .insertInto("instruments")
        .values(values)
        .onConflict((oc) => oc.column("symbol").doUpdateSet(values))
        .execute();
    }
    for (const [i, c] of CATEGORIES.entries()) {
      const values = { code: c.code, name: c.name, market: c.market, sort_order: i + 1 };
      await trx
        .insertInto("categories")
        .values(values)
        .onConflict((oc) => oc.column("code").doUpdateSet(values))
        .execute();
    }
    for (const n of SEED_NEWS) {
      const published = new Date(n.created_at);
      await insertNewsOnce(trx, { ...n, img: "", created_at: published, updated_at: published });
    }
    await ensureInvitationCode(trx, options.inviteCode, now);
    await seedConfig(trx, now);
  });

  if (!(await findUserByPhone(db, options.demoUser))) {
    const passwordHash = await options.demoPasswordHash();
    await db
      .transaction()
      .execute(async (trx) => {
        const user = await insertUser(trx, {
          phone: options.demoUser,
          password_hash: passwordHash,
          invited_by: options.inviteCode,
          created_at: now,
          updated_at: now,
        });
        await applyBalanceChange(trx, user.id, new Decimal(OPENING_BALANCE), "Opening balance", now, {
          kind: "credit",
        });
      })
      .catch((error) => {
        // Another process seeded the demo user at the same moment (PostgreSQL): that is fine.
        if (!isUniqueViolation(error)) throw error;
      });
  }
  await seedDemoWallet(db, options.demoUser, now, options.deployment);
  await seedProducts(db, { demoUser: options.demoUser, now });
}
