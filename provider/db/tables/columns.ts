import type { ColumnType } from "kysely";

/** A column an insert may leave out (the database fills in its DEFAULT, or NULL); always there when read. */
export type Defaulted<T> = ColumnType<T, T | undefined, T>;
