import type { Generated, Insertable, Selectable, Updateable } from "kysely";

import type { Defaulted } from "./columns";

/** Money columns are numeric(20,2): read as decimal strings, written as decimal strings. */
export type Money = Defaulted<string>;

export interface UsersTable {
  id: Generated<number>;
  /** Public account number shown to the customer ("ID"). */
  no: Generated<number>;
  phone: string;
  password_hash: string;
  img: Defaulted<string>;
  money: Money;
  loan: Money;
  invited_by: string | null;
  /** The customer's own daily withdrawal limit (whole units, numeric); null: none (docs/product.md#withdraw-limit). */
  daily_withdraw_limit: string | null;
  created_at: Date;
  updated_at: Date;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
