import type { Generated, Selectable } from "kysely";

/** 1 under review, 2 approved, 3 rejected. The newest record of a user is their real-name state. */
export type KycStatus = 1 | 2 | 3;
export const ID_TYPES = ["idCard", "driver", "passport", "other"] as const;
export type IdType = (typeof ID_TYPES)[number];

export interface KycRecordsTable {
  id: Generated<number>;
  user_id: number;
  status: KycStatus;
  real_name: string;
  id_type: IdType;
  id_number: string;
  /** Upload ids (uuid) of the front and back photos. */
  id_number_img: string;
  id_number_img_two: string;
  reason: string | null;
  created_at: Date;
  updated_at: Date;
  reviewed_at: Date | null;
}

export type KycRecord = Selectable<KycRecordsTable>;
