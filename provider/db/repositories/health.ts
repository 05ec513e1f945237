import { sql } from "kysely";

import type { Executor } from "../database";

/** The cheapest statement that needs the database to answer (services/health.ts times it). */
export async function pingDatabase(ex: Executor): Promise<void> {
  await sql`select 1`.execute(ex);
}
