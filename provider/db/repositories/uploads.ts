import type { Insertable } from "kysely";

import type { Executor } from "../database";
import { countRows } from "./common";
import type { UploadsTable } from "../tables/uploads";

export const insertUpload = (db: Executor, row: Insertable<UploadsTable>) =>
  db
    .insertInto("uploads")
    .values(row)
    .returning(["id", "mime", "size", "width", "height", "created_at"])
    .executeTakeFirstOrThrow();

export const findUpload = (db: Executor, id: string) =>
  db.selectFrom("uploads").selectAll().where("id", "=", id).executeTakeFirst();

/** Metadata only (no bytes): does this upload exist and whose is it. */
export const findUploadOwner = (db: Executor, id: string) =>
  db.selectFrom("uploads").select(["id", "user_id"]).where("id", "=", id).executeTakeFirst();

export const countUploadsSince = (db: Executor, userId: number, since: Date) =>
  countRows(db.selectFrom("uploads").where("user_id", "=", userId).where("created_at", ">", since));
