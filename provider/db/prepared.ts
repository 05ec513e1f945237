import { createHash } from "node:crypto";

import type pg from "pg";

/**
 * A pg Client that runs each parameterised query as a named prepared statement on its connection
 * (docs/decisions/0176-prepared-statements.md): PostgreSQL parses and plans a statement once per connection instead
 * of on every execution. Kysely sends every query as `query(text, parameters)`; the same repository call compiles
 * to the same text, so a connection prepares each one once.
 *
 * - Only queries with parameters are named: pg sends those through the extended protocol anyway. One without
 *   (a migration's script, `begin`, `commit`) runs as before, several statements in one text included.
 * - At most MAX_PREPARED_PER_CONNECTION texts per connection are named (texts vary with the length of an `in`
 *   list); later new texts run unnamed, so neither side's memory grows without bound.
 * - DATABASE_PREPARED_STATEMENTS=off turns it off, for a pooler in transaction mode in front of PostgreSQL
 *   (PgBouncer before 1.21), where a connection's prepared statements are not the next transaction's.
 */
export const MAX_PREPARED_PER_CONNECTION = 500;

export function preparedStatementsEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.DATABASE_PREPARED_STATEMENTS !== "off";
}

/** The statement name for `text`: a digest, so the same text has the same name on every connection. */
export function statementName(text: string): string {
  return `k${createHash("sha1").update(text).digest("hex").slice(0, 32)}`;
}

export function preparingClient(Base: typeof pg.Client): typeof pg.Client {
  return class PreparingClient extends Base {
    readonly #names = new Map<string, string>();

    // pg's query() has many overloads; only (text, values[]) with values is changed, the rest passes through.
    override query(config: unknown, values?: unknown, callback?: unknown): never {
      const query = super.query as (...args: unknown[]) => never;
      if (typeof config === "string" && Array.isArray(values) && values.length > 0 && typeof callback !== "function") {
        let name = this.#names.get(config);
        if (name === undefined && this.#names.size < MAX_PREPARED_PER_CONNECTION) {
          name = statementName(config);
          this.#names.set(config, name);
        }
        if (name !== undefined) return query.call(this, { name, text: config, values });
      }
      return query.call(this, config, values, callback);
    }
  } as unknown as typeof pg.Client;
}
