import {
  CompiledQuery,
  sql,
  type AliasedExpression,
  type Compilable,
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type InsertObject,
  type Kysely,
  type OnConflictTables,
  type OnConflictUpdateDatabase,
  type SelectQueryBuilder,
  type Selectable,
  type SqlBool,
  type UpdateObject,
  type Updateable,
} from "kysely";

import type { Database, Executor } from "../database";

/*
 * What the repositories share: a page of rows with the total, a keyset page, a count, the by-id reads and writes of a
 * table, an upsert's update from the proposed row, a conditional update that says how many rows it changed, and the
 * operator's queue of a table (rows waiting, each with its customer's phone).
 */

/** Where an argument's value goes in a query compiled once. */
class Hole {
  constructor(readonly index: number) {}
}

/**
 * A query whose SQL is the same on every call, built and compiled by Kysely the first time only
 * (docs/decisions/0323-hot-reads-compiled-once.md): `build` is called once with a hole in place of each argument,
 * and every call sends that SQL with its arguments in the holes. So `build` may pass its arguments to Kysely only as
 * values (`where(column, "=", arg)`), never compute with them or shape the query by them; an argument that does not
 * come back as a parameter fails the first call. For the reads the polls make several times a second.
 */
export function compiledOnce<A extends unknown[], O>(build: (db: Executor, ...args: A) => Compilable<O>) {
  let compiled: { sql: string; parameters: readonly unknown[] } | undefined;
  return async (db: Executor, ...args: A): Promise<O[]> => {
    if (!compiled) {
      const query = build(db, ...(args.map((_, index) => new Hole(index)) as A)).compile();
      const used = new Set(query.parameters.flatMap((value) => (value instanceof Hole ? [value.index] : [])));
      if (used.size !== args.length) throw new Error("compiledOnce: every argument must be a value of the query");
      compiled = { sql: query.sql, parameters: query.parameters };
    }
    const parameters = compiled.parameters.map((value) => (value instanceof Hole ? args[value.index] : value));
    return (await db.executeQuery<O>(CompiledQuery.raw(compiled.sql, parameters))).rows;
  };
}

/**
 * A page of `rows` (newest first) and how many there are in all, with `figures` about them (whether orders are due),
 * in one query: a one-row head of the total and the figures joined to the page, so they come back even when the page
 * is empty. For the hot paged reads compiled once (docs/decisions/0560-paged-reads-with-their-figures-in-one-query.md);
 * `splitHeaded` takes the answer apart.
 */
export function headedPage(
  db: Executor,
  rows: SelectQueryBuilder<any, any, {}>,
  page: { offset: number; limit: number },
  figures: (eb: ExpressionBuilder<any, never>) => ReadonlyArray<AliasedExpression<unknown, string>> = () => [],
) {
  const head = untyped(db).selectNoFrom((eb) => [
    rows.select(sql<number>`count(*)::int`.as("n")).as("total"),
    ...figures(eb),
  ]);
  const pageRows = rows.selectAll().orderBy("id", "desc").offset(page.offset).limit(page.limit);
  return untyped(db)
    .selectFrom(head.as("head"))
    .leftJoin(pageRows.as("page"), (join) => join.onTrue())
    .selectAll("page")
    .selectAll("head")
    .orderBy("page.id", "desc");
}

/**
 * A headedPage answer taken apart: the page's rows (none when the page is empty), typed `R`; the total; the head's
 * `figures`, typed `H`.
 */
export function splitHeaded<R, H extends object = object>(
  found: readonly object[],
  figures: ReadonlyArray<keyof H & string> = [],
) {
  const rows: R[] = [];
  for (const joined of found) {
    if ((joined as { id: unknown }).id === null) continue;
    const row: Record<string, unknown> = { ...joined };
    for (const key of ["total", ...figures]) delete row[key];
    rows.push(row as R);
  }
  const head = found[0] as H & { total: number };
  return { rows, count: Number(head.total), head };
}

/** How many rows `query` selects. */
export async function countRows(query: SelectQueryBuilder<any, any, {}>): Promise<number> {
  const row: { count: number } = await query.select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * One page of `query`'s rows (`rowsOf` selects and orders them) and how many rows the query has in all. A page that
 * is not full and not past the end (the usual first page) is the end: the count is its offset plus its rows,
 * without a second query (docs/decisions/0485).
 */
export async function pageOf<Q extends SelectQueryBuilder<any, any, {}>, O>(
  query: Q,
  rowsOf: (query: Q) => SelectQueryBuilder<any, any, O>,
  page: { offset: number; limit: number },
) {
  const rows = await rowsOf(query).offset(page.offset).limit(page.limit).execute();
  const isLast = rows.length < page.limit && (rows.length > 0 || page.offset === 0);
  return { rows, count: isLast ? page.offset + rows.length : await countRows(query) };
}

/** Which keyset page: the rows after id `after`, at most `limit` of them. */
export interface KeysetPage {
  after: number;
  limit: number;
}

/**
 * One keyset page of `query`'s rows (the statements: docs/provider-api.md "Statements"): by id, those after id
 * `after`, at most `limit`; `next` is the id the following page starts after, null when this page is not full.
 */
export async function keysetPageOf<O extends { id: number }>(query: SelectQueryBuilder<any, any, O>, page: KeysetPage) {
  const rows: O[] = await query.where("id", ">", page.after).orderBy("id").limit(page.limit).execute();
  return { rows, next: rows.length === page.limit ? rows[rows.length - 1].id : null };
}

/** Tables whose rows have a numeric id. */
type TableWithId = {
  [T in keyof Database]: Database[T] extends { id: { __select__: number } } ? T : never;
}[keyof Database];
type Row<T extends TableWithId> = Selectable<Database[T]>;

/* Kysely cannot check a query whose table is still a type parameter: the helpers below build it untyped, and are
 * typed by what they take and return. */
const untyped = (db: Executor) => db as unknown as Kysely<any>;

/** A table's reads and writes by id: insert (the row back), update, find, find with a row lock, insert once by slug. */
export function rowsOf<T extends TableWithId>(table: T) {
  type Read = Promise<Row<T> | undefined>;
  const t: string = table;
  const byId = (db: Executor, id: number) => untyped(db).selectFrom(t).selectAll().where("id", "=", id);
  return {
    /** `row`'s values may be SQL (an order number made by the insert: orderNoValue). */
    insert: (db: Executor, row: InsertObject<Database, T>) =>
      untyped(db).insertInto(t).values(row).returningAll().executeTakeFirstOrThrow() as Promise<Row<T>>,
    update: (db: Executor, id: number, changes: Updateable<Database[T]>) =>
      untyped(db).updateTable(t).set(changes).where("id", "=", id).returningAll().executeTakeFirstOrThrow() as Promise<
        Row<T>
      >,
    find: (db: Executor, id: number) => byId(db, id).executeTakeFirst() as Read,
    lock: (db: Executor, id: number) => byId(db, id).forUpdate().executeTakeFirst() as Read,
    /** Seed: adds the row once (by its unique slug); undefined when it already exists. */
    insertOnce: (db: Executor, row: Insertable<Database[T]>) =>
      untyped(db)
        .insertInto(t)
        .values(row)
        .onConflict((oc) => oc.column("slug").doNothing())
        .returningAll()
        .executeTakeFirst() as Read,
  };
}

/**
 * An upsert's update from the row the insert proposed (PostgreSQL's `excluded` row): `columns` of the row in conflict
 * take the values the insert brought, without restating them. `onConflict((oc) => oc.columns([…])
 * .doUpdateSet(fromExcluded<"table">([…])))`.
 */
export function fromExcluded<T extends keyof Database>(columns: ReadonlyArray<keyof Database[T] & string>) {
  return Object.fromEntries(columns.map((column) => [column, sql.ref(`excluded.${column}`)])) as UpdateObject<
    OnConflictUpdateDatabase<Database, T>,
    OnConflictTables<T>,
    OnConflictTables<T>
  >;
}

/**
 * `update table set changes where match and filter`: each column of `match` equal to its value (`is null` for null),
 * and `filter`, Kysely's expression for what is not equality (`(eb) => eb("id", "<=", upTo)`); how many rows changed.
 * For a write that takes effect once (`used_at: null` in `match`): 0 when another request was first.
 */
export async function updateWhere<T extends keyof Database>(
  db: Executor,
  table: T,
  changes: Updateable<Database[T]>,
  match: Partial<Selectable<Database[T]>>,
  filter?: (eb: ExpressionBuilder<Database, T>) => Expression<SqlBool>,
): Promise<number> {
  const t: string = table;
  let query = untyped(db).updateTable(t).set(changes);
  for (const [column, value] of Object.entries(match))
    query = value === null ? query.where(column, "is", null) : query.where(column, "=", value);
  if (filter) query = query.where(filter as (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>);
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}

/** The operator's queue: `table`'s rows matching `match`, oldest first, each with its customer's phone (user_phone). */
export function waitingRows<T extends "bank_cards" | "kyc_records" | "loans" | "transfers">(
  db: Executor,
  table: T,
  match: Partial<Row<T>>,
  limit: number,
) {
  const t: string = table;
  let query = untyped(db)
    .selectFrom(t)
    .innerJoin("users", "users.id", `${t}.user_id`)
    .selectAll(t)
    .select(["users.phone as user_phone"]);
  for (const [column, value] of Object.entries(match)) query = query.where(`${t}.${column}`, "=", value);
  return query.orderBy(`${t}.id`).limit(limit).execute() as Promise<Array<Row<T> & { user_phone: string }>>;
}
