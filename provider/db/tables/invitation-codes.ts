import type { ColumnType, Selectable } from "kysely";

export interface InvitationCodesTable {
  code: string;
  uses: ColumnType<number, number | undefined, number>;
  created_at: Date;
  disabled_at: Date | null;
}

export type InvitationCode = Selectable<InvitationCodesTable>;
