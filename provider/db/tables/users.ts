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
  /**
   * The customer's own settings, by name, each as the string its entry's rule returned (jsonb; absent: not set). The
   * names and rules are the registry in provider/services/customer-settings.ts (docs/decisions/0500).
   */
  settings: Defaulted<Partial<Record<string, string>>>;
  created_at: Date;
  updated_at: Date;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
