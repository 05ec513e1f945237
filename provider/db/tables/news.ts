import type { Generated, Selectable } from "kysely";

export interface NewsTable {
  id: Generated<number>;
  /** Stable key so the seed is idempotent. */
  slug: string;
  title: string;
  subhead: string;
  img: string;
  content: string;
  created_at: Date;
  updated_at: Date;
}

export type NewsRow = Selectable<NewsTable>;
