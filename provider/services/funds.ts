import Decimal from "decimal.js";

import { leaveAlert } from "./alerts";
import type { Deployment } from "../config";
import { ProviderError } from "../errors";
import { parseWholeAmount, requireAtLeast } from "./amounts";
import { billRef } from "./bill-refs";
import { customerSetting } from "./customer-settings";
import { decideOn } from "./decisions";
import { applyBalanceChange } from "./ledger";
import { toMoneyString } from "./money";
import { iso } from "./products-common";
import type { SecondFactor, TwoFactorService } from "./two-factor";
import { configDecimal } from "./wallet";
import { keyUsedBefore, replayOrRun, walletFingerprint } from "./wallet-idempotency";
import type { DB, Executor } from "../db/database";
import { lockUserBankCard } from "../db/repositories/bank-cards";
import {
  countPendingTransfers,
  findTransfer,
  insertTransfer,
  listPendingTransfers,
  listTransfers,
  lockTransfer,
  sumWithdrawalsSince,
  updateTransfer,
} from "../db/repositories/transfers";
import { lockUser } from "../db/repositories/users";
import type { Transfer, TransferKind, TransferState } from "../db/tables/transfers";
import { MARKET_UTC_OFFSET_MINUTES } from "../market/universe";

/*
 * Recharges and withdrawals (docs/decisions/0070). A recharge moves no money until an operator approves it. A
 * withdrawal holds the money at once (an expense bill), so orders see the lower balance and it cannot be spent
 * twice; approval completes it without moving money, rejection returns it (an income bill). Every step is one
 * transaction: the account row first, then the record, both locked; a record that is no longer pending is
 * `already_processed` and nothing is written.
 */

/** docs/product.md#withdraw: whatever the configured minimum, a withdrawal is at least 10. */
export const WITHDRAW_FLOOR = new Decimal(10);
/**
 * Open requests a customer may have at once, per kind (a brake on form spam, not a business rule). One more is
 * `too_many_pending` on `count`: the customer must wait for a decision, not for time to pass (docs/provider-api.md).
 */
export const MAX_PENDING_TRANSFERS = 10;

const RECHARGE_STATUS: Record<TransferState, 1 | 2 | 3> = { pending: 1, completed: 2, failed: 3 };
const WITHDRAW_STATUS: Record<TransferState, "n" | "y" | "b"> = { pending: "n", completed: "y", failed: "b" };

export function transferRow(t: Transfer) {
  return {
    id: t.id,
    type: t.kind,
    count: t.amount,
    status: t.kind === "recharge" ? RECHARGE_STATUS[t.state] : WITHDRAW_STATUS[t.state],
    state: t.state,
    reason: t.reason,
    created_at: t.created_at.toISOString(),
    updated_at: t.updated_at.toISOString(),
    processed_at: iso(t.processed_at),
    ...(t.kind === "withdraw"
      ? {
          bank_id: t.bank_card_id,
          card: {
            bank: t.bank_name ?? "",
            bank_card: t.bank_card_last4 ? `****${t.bank_card_last4}` : "",
            bank_user: t.bank_user ?? "",
            ifsc: t.ifsc ?? "",
          },
        }
      : {}),
  };
}
export type TransferRow = ReturnType<typeof transferRow>;

const DAY_MS = 86_400_000;

/**
 * The start of the deployment's calendar day at `at`, in its home market's fixed offset (India for INR, Mexico for
 * MXN): the day a daily withdrawal limit counts (docs/product.md#withdraw-limit).
 */
export function dayStart(at: Date, deployment: Deployment): Date {
  const offset = MARKET_UTC_OFFSET_MINUTES[deployment === "MXN" ? "MX" : "IN"] * 60_000;
  return new Date(Math.floor((at.getTime() + offset) / DAY_MS) * DAY_MS - offset);
}

const kindName = (kind: TransferKind) => (kind === "recharge" ? "Recharge" : "Withdrawal");

export function createFunds(deps: {
  db: DB;
  now: () => Date;
  deployment: Deployment;
  stepUp: TwoFactorService["stepUp"];
}) {
  const { db, now } = deps;

  /** A new pending request, unless the customer already has MAX_PENDING_TRANSFERS of this kind waiting. */
  async function insertPendingTransfer(
    trx: Executor,
    userId: number,
    kind: TransferKind,
    amount: Decimal,
    card: Pick<
      Parameters<typeof insertTransfer>[1],
      "bank_card_id" | "bank_name" | "bank_card_last4" | "bank_user" | "ifsc"
    >,
  ) {
    if ((await countPendingTransfers(trx, userId, kind)) >= MAX_PENDING_TRANSFERS) {
      const noun = kind === "recharge" ? "recharges" : "withdrawals";
      throw new ProviderError(
        "too_many_pending",
        `at most ${MAX_PENDING_TRANSFERS} ${noun} can wait for review; another can be asked for once one is decided`,
        "count",
      );
    }
    const at = now();
    return insertTransfer(trx, {
      user_id: userId,
      kind,
      amount: toMoneyString(amount),
      state: "pending",
      ...card,
      created_at: at,
      updated_at: at,
    });
  }

  async function requestRecharge(userId: number, input: { count: unknown; idempotency_key?: string }) {
    const amount = parseWholeAmount(input.count);
    return db.transaction().execute(async (trx) => {
      await lockUser(trx, userId);
      const fingerprint = walletFingerprint(["recharge", amount.toFixed(0)]);
      return replayOrRun(trx, { userId, key: input.idempotency_key, fingerprint, at: now() }, async () => {
        requireAtLeast(amount, await configDecimal(trx, "min_recharge_count", deps));
        return transferRow(await insertPendingTransfer(trx, userId, "recharge", amount, {}));
      });
    });
  }

  /**
   * A withdrawal request: the amount is held at once. With two-factor on, `second` must bring a current code
   * (docs/decisions/0271), except for a retry with an idempotency key already used (it replays). Leaves a
   * `withdrawal_requested` alert in the same transaction.
   */
  async function requestWithdrawal(
    userId: number,
    input: { bank_id: number; count: unknown; idempotency_key?: string },
    second: SecondFactor,
  ) {
    const amount = parseWholeAmount(input.count);
    if (!(await keyUsedBefore(db, userId, input.idempotency_key))) await deps.stepUp(second);
    return db.transaction().execute(async (trx) => {
      // Lock order: account row, then the card (as every money movement: account first).
      const user = await lockUser(trx, userId);
      const fingerprint = walletFingerprint(["withdraw", input.bank_id, amount.toFixed(0)]);
      return replayOrRun(trx, { userId, key: input.idempotency_key, fingerprint, at: now() }, async () => {
        const minimum = Decimal.max(WITHDRAW_FLOOR, await configDecimal(trx, "min_withdraw_count", deps));
        requireAtLeast(amount, minimum);
        await requireWithinDailyLimit(trx, userId, user ? customerSetting(user, "withdraw_limit") : null, amount);
        const card = await lockUserBankCard(trx, userId, input.bank_id);
        if (!card) throw new ProviderError("not_found", "no such bank card", "bank_id");
        if (card.status !== 1)
          throw new ProviderError(
            "card_not_approved",
            "only an approved bank card can receive a withdrawal",
            "bank_id",
          );
        const row = await insertPendingTransfer(trx, userId, "withdraw", amount, {
          bank_card_id: card.id,
          bank_name: card.bank,
          bank_card_last4: card.bank_card.slice(-4),
          bank_user: card.bank_user,
          ifsc: card.ifsc,
        });
        const at = row.created_at;
        // The hold: over the available balance this throws not_sufficient_funds and the record above rolls back.
        await applyBalanceChange(
          trx,
          userId,
          amount.negated(),
          `Withdrawal ${row.id} to ${card.bank} ****${card.bank_card.slice(-4)} (held until processed)`,
          at,
          billRef("withdrawal", "withdraw", row.id),
        );
        const alert = { id: String(row.id), amount: row.amount, bank: card.bank, last4: card.bank_card.slice(-4) };
        await leaveAlert(trx, userId, { code: "withdrawal_requested", params: alert }, at);
        return transferRow(row);
      });
    });
  }

  /**
   * docs/product.md#withdraw-limit: today's withdrawals that were not returned, plus this one, stay within the
   * customer's own limit; over it is `over_daily_limit` on `count`, its message naming what is left today.
   */
  async function requireWithinDailyLimit(trx: Executor, userId: number, limit: string | null, amount: Decimal) {
    if (limit === null) return;
    const today = new Decimal(await sumWithdrawalsSince(trx, userId, dayStart(now(), deps.deployment)));
    if (today.plus(amount).greaterThan(limit)) {
      const left = Decimal.max(0, new Decimal(limit).minus(today));
      throw new ProviderError(
        "over_daily_limit",
        `over the daily withdrawal limit of ${new Decimal(limit).toFixed(0)}: ${left.toFixed(0)} left today`,
        "count",
      );
    }
  }

  async function list(userId: number, kind: TransferKind, q: { page: number; limit: number }) {
    const { rows, count } = await listTransfers(db, userId, kind, { offset: (q.page - 1) * q.limit, limit: q.limit });
    return { rows: rows.map(transferRow), count };
  }

  /** One record of the customer's (recharge or withdrawal); anyone else's is not_found. */
  async function details(userId: number, id: number) {
    const row = await findTransfer(db, id);
    if (!row || row.user_id !== userId) throw new ProviderError("not_found", "no such record", "id");
    return transferRow(row);
  }

  // ---- operator -------------------------------------------------------------------------------------------

  /** Locks the account, then the record; refuses a record of another kind or one that is no longer pending. */
  const decide = (kind: TransferKind, id: number, work: (trx: Executor, t: Transfer, at: Date) => Promise<Transfer>) =>
    decideOn(
      deps,
      {
        find: findTransfer,
        lock: lockTransfer,
        notFound: `no such ${kind} record`,
        admits: (found) => found.kind === kind,
        settled: (t) => (t.state === "pending" ? undefined : `${kindName(kind)} ${id} is already ${t.state}`),
      },
      id,
      async (trx, t, at) => transferRow(await work(trx, t, at)),
    );

  const approveRecharge = (id: number) =>
    decide("recharge", id, async (trx, t, at) => {
      await applyBalanceChange(
        trx,
        t.user_id,
        new Decimal(t.amount),
        `Recharge ${t.id}`,
        at,
        billRef("recharge", "recharge", t.id),
      );
      return updateTransfer(trx, t.id, { state: "completed", updated_at: at, processed_at: at });
    });

  const rejectRecharge = (id: number, reason?: string) =>
    decide("recharge", id, (trx, t, at) =>
      updateTransfer(trx, t.id, { state: "failed", reason: reason || "Rejected", updated_at: at, processed_at: at }),
    );

  /** The money left with the hold; approval only records that it was paid out. */
  const approveWithdrawal = (id: number) =>
    decide("withdraw", id, (trx, t, at) =>
      updateTransfer(trx, t.id, { state: "completed", updated_at: at, processed_at: at }),
    );

  const rejectWithdrawal = (id: number, reason?: string) =>
    decide("withdraw", id, async (trx, t, at) => {
      await applyBalanceChange(
        trx,
        t.user_id,
        new Decimal(t.amount),
        `Withdrawal ${t.id} returned${reason ? `: ${reason}` : ""}`,
        at,
        billRef("withdrawal_returned", "withdraw", t.id),
      );
      return updateTransfer(trx, t.id, {
        state: "failed",
        reason: reason || "Rejected",
        updated_at: at,
        processed_at: at,
      });
    });

  async function pending(kind: TransferKind, limit = 100) {
    return (await listPendingTransfers(db, kind, limit)).map((t) => ({ ...transferRow(t), user: t.user_phone }));
  }

  return {
    requestRecharge,
    requestWithdrawal,
    list,
    details,
    approveRecharge,
    rejectRecharge,
    approveWithdrawal,
    rejectWithdrawal,
    pending,
  };
}

export type Funds = ReturnType<typeof createFunds>;
