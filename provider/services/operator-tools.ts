import type Decimal from "decimal.js";

import type { DB } from "../db/database";
import { ensureInvitationCode } from "../db/repositories/invitation-codes";
import { latestDeliveredCode } from "../db/repositories/one-time-codes";
import { ProviderError } from "../errors";
import { adjustBalanceByPhone } from "./ledger";

/** The operator's tools that are not a review: read a one-time code, add an invitation code, credit or debit a customer. */
export function createOperatorTools(deps: { db: DB; now: () => Date }) {
  return {
    /** The newest unused, unexpired one-time code sent to a phone (read from the simulated SMS outbox). */
    async latestOneTimeCode(phone: string) {
      const row = await latestDeliveredCode(deps.db, phone, deps.now());
      if (!row || !row.code) throw new ProviderError("not_found", "no unused code for this phone", "user");
      return { user: row.phone, code: row.code, expires_at: row.expires_at.toISOString() };
    },

    /** Adds an invitation code (idempotent). */
    async addInvitationCode(code: string) {
      await ensureInvitationCode(deps.db, code, deps.now());
      return { code };
    },

    /** Credit (positive) or debit (negative) by phone, one transaction through the ledger. */
    adjustBalance: (input: { phone: string; amount: Decimal; reason: string }) =>
      adjustBalanceByPhone(deps.db, { ...input, now: deps.now() }),
  };
}
export type OperatorTools = ReturnType<typeof createOperatorTools>;
