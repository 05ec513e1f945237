import { sql, type Insertable, type Kysely, type SelectQueryBuilder, type Selectable, type Updateable } from "kysely";
import type { Database, Executor } from "../database";

/*
 * What the repositories share: a page of rows with the total, a count, the by-id reads and writes of a table, and
 * the operator's queue of a table (rows waiting, each with its customer's phone).
 */

/** How many rows `query` selects. */
export async function countRows<DB, TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, {}>): Promise<number> {
  return Number((await query.select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow()).count);
}

/** One page of `query`'s rows (`rowsOf` selects and orders them) and how many rows the query has in all. */
export async function pageOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, {}>,
  rowsOf: (query: SelectQueryBuilder<DB, TB, {}>) => SelectQueryBuilder<DB, TB, O>,
  page: { offset: number; limit: number },
) {
  const [rows, count] = await Promise.all([rowsOf(query).offset(page.offset).limit(page.limit).execute(), countRows(query)]);
  return { rows, count };
}

/** Tables whose rows have a numeric id. */
type TableWithId = { [T in keyof Database]: Database[T] extends { id: { __select__: number } } ? T : never }[keyof Database];
type Row<T extends TableWithId> = Selectable<Database[T]>;

/* Kysely cannot check a query whose table is still a type parameter: the helpers below build it untyped, typed by
 * what they take and return. */
const untyped = (db: Executor) => db as unknown as Kysely<any>;

/** A table's reads and writes by id: insert (the row back), update, find, find with a row lock, insert once by slug. */
export function rowsOf<T extends TableWithId>(table: T) {
  const byId = (db: Executor, id: number) => untyped(db).selectFrom(table).selectAll().where("id", "=", id);
  return {
    insert: (db: Executor, row: Insertable<Database[T]>): Promise<Row<T>> =>
      untyped(db).insertInto(table).values(row).returningAll().executeTakeFirstOrThrow(),
    update: (db: Executor, id: number, changes: Updateable<Database[T]>): Promise<Row<T>> =>
      untyped(db).updateTable(table).set(changes).where("id", "=", id).returningAll().executeTakeFirstOrThrow(),
    find: (db: Executor, id: number): Promise<Row<T> | undefined> => byId(db, id).executeTakeFirst(),
    lock: (db: Executor, id: number): Promise<Row<T> | undefined> => byId(db, id).forUpdate().executeTakeFirst(),
    /** Seed: adds the row once (by its unique slug); undefined when it already exists. */
    insertOnce: (db: Executor, row: Insertable<Database[T]>): Promise<Row<T> | undefined> =>
      untyped(db)
        .insertInto(table)
        .values(row)
        .onConflict((oc) => oc.column("slug").doNothing())
        .returningAll()
        .executeTakeFirst(),
  };
}

/** The operator's queue: `table`'s rows matching `match`, oldest first, each with its customer's phone (user_phone). */
export function waitingRows<T extends "bank_cards" | "kyc_records" | "loans" | "transfers">(
  db: Executor,
  table: T,
  match: Partial<Row<T>>,
  limit: number,
): Promise<Array<Row<T> & { user_phone: string }>> {
  let query = untyped(db)
    .selectFrom(table)
    .innerJoin("users", "users.id", `${table}.user_id`)
    .selectAll(table)
    .select(["users.phone as user_phone"]);
  for (const [column, value] of Object.entries(match)) query = query.where(`${table}.${column}`, "=", value);
  return query.orderBy(`${table}.id`).limit(limit).execute();
}
