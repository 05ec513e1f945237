import type { Selectable } from "kysely";

/** Uploaded images, re-encoded as JPEG, bytes kept in the database (docs/decisions/0071). */
export interface UploadsTable {
  id: string;
  user_id: number;
  mime: string;
  bytes: Uint8Array;
  size: number;
  width: number;
  height: number;
  created_at: Date;
}

export type Upload = Selectable<UploadsTable>;
