import type { Executor } from "../database";

export const insertOutboxMessage = (
  db: Executor,
  row: { phone: string; body: string; code: string | null; one_time_code_id: number | null; created_at: Date },
) => db.insertInto("sms_outbox").values(row).execute();
