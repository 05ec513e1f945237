import type { Generated } from "kysely";

/** Failed logins per phone (known or not), for throttling password guessing. */
export interface LoginFailuresTable {
  id: Generated<number>;
  phone: string;
  created_at: Date;
}
