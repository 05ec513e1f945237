import type { Kysely } from "kysely";
import { Migrator, type MigrationProvider } from "kysely/migration";

import { migrations } from "./migration-list";

/** The migrations folder, written out by a test (provider/db/migration-list.ts: docs/decisions/0402). */
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
