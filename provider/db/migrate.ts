import type { Kysely } from "kysely";
import { Migrator, type Migration, type MigrationProvider } from "kysely/migration";

import * as m20261122initial from "./migrations/2026-11-22T0300-initial";
import * as m20261122loginFailures from "./migrations/2026-11-22T0400-login-failures";
import * as m20261122trading from "./migrations/2026-11-22T0500-trading";
import * as m20261123wallet from "./migrations/2026-11-23T0100-wallet";
import * as m20261123authAttempts from "./migrations/2026-11-23T0200-auth-attempts";
import * as m20261123dropLoginFailures from "./migrations/2026-11-23T0300-drop-login-failures";
import * as m20261123products from "./migrations/2026-11-23T0400-products";
import * as m20261123orderFx from "./migrations/2026-11-23T0500-order-fx";
import * as m20261123productsFx from "./migrations/2026-11-23T0600-products-fx";
import * as m20261124authAttemptDevices from "./migrations/2026-11-24T0100-auth-attempt-devices";
import * as m20261127twoFactor from "./migrations/2026-11-27T0100-two-factor";
import * as m20261201twoFactorKey from "./migrations/2026-12-01T0100-two-factor-key";
import * as m20261201sessionsEndedBy from "./migrations/2026-12-01T0200-sessions-ended-by";
import * as m20261201orderTypesAndAlerts from "./migrations/2026-12-01T0400-order-types-and-alerts";
import * as m20261202portfolioValues from "./migrations/2026-12-02T0500-portfolio-values";

/** Static list (not a folder scan) so esbuild can bundle the provider into the Remix server. */
const migrations: Record<string, Migration> = {
  "2026-11-22T0300-initial": m20261122initial,
  "2026-11-22T0400-login-failures": m20261122loginFailures,
  "2026-11-22T0500-trading": m20261122trading,
  "2026-11-23T0200-auth-attempts": m20261123authAttempts,
  "2026-11-23T0300-drop-login-failures": m20261123dropLoginFailures,
  "2026-11-23T0100-wallet": m20261123wallet,
  "2026-11-23T0400-products": m20261123products,
  "2026-11-23T0500-order-fx": m20261123orderFx,
  "2026-11-23T0600-products-fx": m20261123productsFx,
  "2026-11-24T0100-auth-attempt-devices": m20261124authAttemptDevices,
  "2026-11-27T0100-two-factor": m20261127twoFactor,
  "2026-12-01T0100-two-factor-key": m20261201twoFactorKey,
  "2026-12-01T0200-sessions-ended-by": m20261201sessionsEndedBy,
  "2026-12-01T0400-order-types-and-alerts": m20261201orderTypesAndAlerts,
  "2026-12-02T0500-portfolio-values": m20261202portfolioValues,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<void> {
  // Engineers add migrations in parallel: a database that already ran a later-named one still takes an earlier-named
  // one that arrives afterwards (they touch different tables), instead of refusing to start.
  const migrator = new Migrator({
    db,
    provider,
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`migration failed${failed ? ` (${failed.migrationName})` : ""}`, { cause: error });
  }
}
