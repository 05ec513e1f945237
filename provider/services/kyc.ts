import { uploadIdFrom, uploadUrl } from "./uploads";
import type { DB } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import {
  insertKycRecord,
  latestKycRecord,
  listPendingKycRecords,
  lockKycRecord,
  updateKycRecord,
} from "../db/repositories/kyc-records";
import { findUploadOwner } from "../db/repositories/uploads";
import { lockUser } from "../db/repositories/users";
import { ID_TYPES, type IdType, type KycRecord } from "../db/tables/kyc-records";
import { invalidInput, ProviderError } from "../errors";

/*
 * Real-name verification (docs/decisions/0072). The newest record of a customer is their state: none (null),
 * 1 under review, 2 approved, 3 rejected. A submission is refused while the state is 1 or 2 (`kyc_locked`); after a
 * rejection the customer submits again (a new record, the old one stays as history). The photos are the customer's
 * own uploads (POST /upload), referenced by the url or id that upload returned.
 */

export function kycState(r: KycRecord | undefined) {
  if (!r) {
    return {
      id: null,
      status: null,
      real_name: null,
      id_type: null,
      id_number: null,
      id_number_img: null,
      id_number_img_two: null,
      reason: null,
      created_at: null,
      updated_at: null,
    };
  }
  return {
    id: r.id,
    status: r.status,
    real_name: r.real_name,
    id_type: r.id_type,
    id_number: r.id_number,
    id_number_img: uploadUrl(r.id_number_img),
    id_number_img_two: uploadUrl(r.id_number_img_two),
    reason: r.reason,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

export interface KycInput {
  real_name: string;
  id_type?: string;
  id_number: string;
  id_number_img: string;
  id_number_img_two: string;
}

export function createKyc(deps: { db: DB; now: () => Date }) {
  const { db, now } = deps;

  async function state(userId: number) {
    return kycState(await latestKycRecord(db, userId));
  }

  async function submit(userId: number, input: KycInput) {
    const realName = input.real_name.trim().replace(/\s+/g, " ");
    if (!realName) throw invalidInput("real_name", "required");
    if (realName.length > 100) throw invalidInput("real_name", "at most 100 characters");
    const idType = (input.id_type?.trim() || "idCard") as IdType;
    if (!ID_TYPES.includes(idType)) throw invalidInput("id_type", `one of ${ID_TYPES.join(", ")}`);
    const idNumber = input.id_number.trim().toUpperCase();
    if (!/^[A-Z0-9][A-Z0-9 -]{2,38}[A-Z0-9]$/.test(idNumber))
      throw invalidInput("id_number", "4 to 40 letters, digits, spaces or dashes");
    const images = {} as Record<"id_number_img" | "id_number_img_two", string>;
    for (const field of ["id_number_img", "id_number_img_two"] as const) {
      const id = uploadIdFrom(input[field]);
      // Someone else's upload is reported exactly like a missing one.
      if (!id || (await findUploadOwner(db, id))?.user_id !== userId)
        throw invalidInput(field, "upload the photo first (POST /upload)");
      images[field] = id;
    }
    try {
      return await db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        const latest = await latestKycRecord(trx, userId);
        if (latest && (latest.status === 1 || latest.status === 2)) {
          throw new ProviderError("kyc_locked", latest.status === 1 ? "under review" : "already approved");
        }
        const at = now();
        return kycState(
          await insertKycRecord(trx, {
            user_id: userId,
            status: 1,
            real_name: realName,
            id_type: idType,
            id_number: idNumber,
            ...images,
            created_at: at,
            updated_at: at,
          }),
        );
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ProviderError("kyc_locked", "under review");
      throw error;
    }
  }

  // ---- operator -------------------------------------------------------------------------------------------

  async function review(id: number, status: 2 | 3, reason?: string) {
    return db.transaction().execute(async (trx) => {
      const record = await lockKycRecord(trx, id);
      if (!record) throw new ProviderError("not_found", "no such real-name record", "id");
      if (record.status !== 1)
        throw new ProviderError("already_processed", `real-name record ${id} is not under review`, "id");
      const at = now();
      return kycState(
        await updateKycRecord(trx, id, {
          status,
          reason: status === 3 ? reason || "Rejected" : null,
          reviewed_at: at,
          updated_at: at,
        }),
      );
    });
  }

  async function pending(limit = 100) {
    return (await listPendingKycRecords(db, limit)).map((r) => ({ ...kycState(r), user: r.user_phone }));
  }

  return {
    state,
    submit,
    approve: (id: number) => review(id, 2),
    reject: (id: number, reason?: string) => review(id, 3, reason),
    pending,
  };
}

export type Kyc = ReturnType<typeof createKyc>;
