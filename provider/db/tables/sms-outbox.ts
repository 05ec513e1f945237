import type { Generated, Selectable } from "kysely";

/** What the simulated SMS gateway "sent". Read by the operator endpoint / CLI; a real deployment has no such table. */
export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  body: string;
  code: string | null;
  one_time_code_id: number | null;
  created_at: Date;
}

export type SmsOutboxRow = Selectable<SmsOutboxTable>;
