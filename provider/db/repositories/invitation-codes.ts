import type { Executor } from "../database";

export const findUsableInvitationCode = (db: Executor, code: string) =>
  db
    .selectFrom("invitation_codes")
    .selectAll()
    .where("code", "=", code)
    .where("disabled_at", "is", null)
    .executeTakeFirst();

export const countInvitationUse = (db: Executor, code: string) =>
  db
    .updateTable("invitation_codes")
    .set((eb) => ({ uses: eb("uses", "+", 1) }))
    .where("code", "=", code)
    .execute();

export const ensureInvitationCode = (db: Executor, code: string, now: Date) =>
  db
    .insertInto("invitation_codes")
    .values({ code, created_at: now })
    .onConflict((oc) => oc.column("code").doNothing())
    .execute();
