import {
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from "kysely";
import { PostgresDialect } from "kysely";

/**
 * Kysely's PostgreSQL introspector, limited to the connection's own schema (`current_schema()`, i.e. the first
 * entry of the search_path the pool sets). Kysely's Migrator asks the introspector whether its two tables exist
 * before every migration run; the built-in one reads every table of every schema in the database and calls
 * `has_schema_privilege(schema name)` and `pg_get_serial_sequence(schema.table)` on each. When another process drops
 * a schema during that scan (the provider tests give each test provider its own schema and drop it on close, two
 * test files at a time) those calls fail with "schema … does not exist" and the migration fails. Scoped to one
 * schema the scan never touches another's rows, and a `kysely_migration` table in some other schema no longer
 * counts as ours. Decision docs/decisions/0171-migrations-scoped-to-their-schema.md.
 */
export class ScopedPostgresIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<any>;

  constructor(db: Kysely<any>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const rows = await sql<{ name: string }>`select current_schema() as name`.execute(this.#db);
    return rows.rows.filter((row) => row.name !== null);
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      table: string;
      table_type: string;
      schema: string;
      column: string;
      type: string;
      type_schema: string;
      not_null: boolean;
      has_default: boolean;
      identity: string;
    }>`
      select c.relname as table, c.relkind as table_type, ns.nspname as schema, a.attname as column,
             typ.typname as type, tns.nspname as type_schema, a.attnotnull as not_null, a.atthasdef as has_default,
             a.attidentity as identity
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace tns on tns.oid = typ.typnamespace
      where ns.nspname = current_schema()
        and c.relkind in ('r', 'v', 'p', 'f')
        and a.attnum >= 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (
        !options.withInternalKyselyTables &&
        (row.table === "kysely_migration" || row.table === "kysely_migration_lock")
      )
        continue;
      let table = tables.get(row.table);
      if (!table) {
        table = {
          name: row.table,
          schema: row.schema,
          isView: row.table_type === "v",
          isForeign: row.table_type === "f",
          columns: [],
        };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        // Identity columns; a `serial` column shows as a default instead (Kysely's own also reads sequences).
        isAutoIncrementing: row.identity !== "",
      });
    }
    return [...tables.values()];
  }
}

/** PostgresDialect whose introspector (and so Kysely's Migrator) sees only the connection's own schema. */
export class ScopedPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new ScopedPostgresIntrospector(db);
  }
}
