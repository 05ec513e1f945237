import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/** Money columns are numeric(20,2): read as decimal strings, written as decimal strings. */
export type Money = ColumnType<string, string | undefined, string>;

export interface UsersTable {
  id: Generated<number>;
  /** Public account number shown to the customer ("ID"). */
  no: Generated<number>;
  phone: string;
  password_hash: string;
  img: ColumnType<string, string | undefined, string>;
  money: Money;
  loan: Money;
  invited_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
