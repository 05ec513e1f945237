import type { Selectable } from "kysely";

import type { Defaulted } from "./columns";

export interface InvitationCodesTable {
  code: string;
  uses: Defaulted<number>;
  created_at: Date;
  disabled_at: Date | null;
}

export type InvitationCode = Selectable<InvitationCodesTable>;
