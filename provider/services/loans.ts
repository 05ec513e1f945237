import Decimal from "decimal.js";

import { parseWholeAmount, requireAtLeast } from "./amounts";
import { billRef } from "./bill-refs";
import { decideOn } from "./decisions";
import { applyBalanceChange } from "./ledger";
import { toMoneyString } from "./money";
import { iso } from "./products-common";
import { configDecimal } from "./wallet";
import { replayOrRun, walletFingerprint } from "./wallet-idempotency";
import type { DB, Executor } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import {
  countOverdueLoans,
  findLoan,
  insertLoan,
  listLoans,
  listPendingLoans,
  loanTotals,
  lockLoan,
  updateLoan,
} from "../db/repositories/loans";
import { lockUser, setLoanBalance } from "../db/repositories/users";
import type { Loan, LoanState } from "../db/tables/loans";
import { ProviderError } from "../errors";

/*
 * Loans (docs/decisions/0072). States: 1 applying → (operator) 3 rejected, or approved: the amount is paid into the
 * wallet (income bill) and the loan becomes 4 unpaid with a repayment_time (`loan_term_days` later; 2 "approved"
 * exists only inside that transaction) → repaid by the customer or the operator: the amount leaves the wallet
 * (expense bill; refused when the balance is short) and the loan is 5 paid. `users.loan` is the sum of unpaid loans,
 * updated in the same transactions. No interest is charged.
 */

export const CREDIT_SCORE_DEFAULT = 100;
/** Each unpaid loan past its repayment_time costs this many points. */
export const CREDIT_SCORE_OVERDUE_PENALTY = 10;
/** The score is "positive" from 80; below it no new loan (docs/product.md#loans). */
export const CREDIT_SCORE_MIN_TO_BORROW = 80;

export function loanRow(l: Loan) {
  return {
    id: l.id,
    count: l.amount,
    state: l.state,
    repayment_time: iso(l.repayment_time),
    reason: l.reason,
    created_at: l.created_at.toISOString(),
    updated_at: l.updated_at.toISOString(),
    repaid_at: iso(l.repaid_at),
  };
}

export function createLoans(deps: { db: DB; now: () => Date }) {
  const { db, now } = deps;

  async function figures(ex: Executor, userId: number, at: Date) {
    const totals = await loanTotals(ex, userId);
    const sum = (state: LoanState) => new Decimal(totals.find((t) => Number(t.state) === state)?.total ?? "0");
    const unpaid = sum(4);
    const applying = sum(1);
    const limit = await configDecimal(ex, "loan_limit", deps);
    const overdue = await countOverdueLoans(ex, userId, at);
    const creditScore = Math.max(0, CREDIT_SCORE_DEFAULT - CREDIT_SCORE_OVERDUE_PENALTY * overdue);
    const remaining = Decimal.max(0, limit.minus(unpaid).minus(applying));
    return {
      unpaid,
      applying,
      limit,
      creditScore,
      remaining,
      applyingCount: totals.find((t) => Number(t.state) === 1)?.n ?? 0,
    };
  }

  /** GET /loans/data: amountDue = unpaid loans, remainingAmount = what can still be borrowed. */
  async function summary(userId: number) {
    const f = await figures(db, userId, now());
    return {
      amountDue: toMoneyString(f.unpaid),
      creditScore: f.creditScore,
      remainingAmount: toMoneyString(f.remaining),
      creditLimit: toMoneyString(f.limit),
      applying: toMoneyString(f.applying),
    };
  }

  async function apply(userId: number, input: { count: unknown; idempotency_key?: string }) {
    const amount = parseWholeAmount(input.count);
    try {
      return await db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        const at = now();
        const fingerprint = walletFingerprint(["loan", amount.toFixed(0)]);
        return replayOrRun(trx, { userId, key: input.idempotency_key, fingerprint, at }, async () => {
          requireAtLeast(amount, await configDecimal(trx, "min_loan_count", deps));
          const f = await figures(trx, userId, at);
          if (Number(f.applyingCount) > 0)
            throw new ProviderError("loan_pending", "an application is already under review");
          if (f.creditScore < CREDIT_SCORE_MIN_TO_BORROW)
            throw new ProviderError("credit_score_low", `credit score ${f.creditScore}`);
          if (amount.greaterThan(f.remaining)) {
            throw new ProviderError(
              "loan_limit_exceeded",
              `at most ${toMoneyString(f.remaining)} can be borrowed now`,
              "count",
            );
          }
          return loanRow(
            await insertLoan(trx, {
              user_id: userId,
              amount: toMoneyString(amount),
              state: 1,
              created_at: at,
              updated_at: at,
            }),
          );
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ProviderError("loan_pending", "an application is already under review");
      throw error;
    }
  }

  async function list(userId: number, q: { page: number; limit: number }) {
    const { rows, count } = await listLoans(db, userId, { offset: (q.page - 1) * q.limit, limit: q.limit });
    return { rows: rows.map(loanRow), count };
  }

  async function details(userId: number, id: number) {
    const loan = await findLoan(db, id);
    if (!loan || loan.user_id !== userId) throw new ProviderError("not_found", "no such loan", "id");
    return loanRow(loan);
  }

  /** Account row, then the loan, both locked; the loan must be in `from` (else already_processed), and the owner's. */
  const decide = (
    id: number,
    from: LoanState,
    work: (trx: Executor, loan: Loan, at: Date) => Promise<Loan>,
    ownerId?: number,
  ) =>
    decideOn(
      deps,
      {
        find: findLoan,
        lock: lockLoan,
        notFound: "no such loan",
        admits: (found) => ownerId === undefined || found.user_id === ownerId,
        settled: (loan) => (loan.state === from ? undefined : `loan ${id} is in state ${loan.state}`),
      },
      id,
      async (trx, loan, at) => loanRow(await work(trx, loan, at)),
    );

  async function changeOutstanding(trx: Executor, userId: number, delta: Decimal, at: Date) {
    const user = await lockUser(trx, userId);
    const next = new Decimal(user!.loan).plus(delta);
    await setLoanBalance(trx, userId, toMoneyString(Decimal.max(0, next)), at);
  }

  const approve = (id: number) =>
    decide(id, 1, async (trx, loan, at) => {
      const amount = new Decimal(loan.amount);
      const days = (await configDecimal(trx, "loan_term_days", deps)).toNumber();
      await applyBalanceChange(
        trx,
        loan.user_id,
        amount,
        `Loan ${loan.id} paid out`,
        at,
        billRef("loan", "loan", loan.id),
      );
      await changeOutstanding(trx, loan.user_id, amount, at);
      return updateLoan(trx, loan.id, {
        state: 4,
        approved_at: at,
        repayment_time: new Date(at.getTime() + days * 86_400_000),
        updated_at: at,
      });
    });

  const reject = (id: number, reason?: string) =>
    decide(id, 1, (trx, loan, at) =>
      updateLoan(trx, loan.id, { state: 3, reason: reason || "Rejected", updated_at: at }),
    );

  /** Repays an unpaid loan from the wallet; `ownerId` = the customer repaying their own (others' are not_found). */
  const repay = (id: number, ownerId?: number) =>
    decide(
      id,
      4,
      async (trx, loan, at) => {
        const amount = new Decimal(loan.amount);
        await applyBalanceChange(
          trx,
          loan.user_id,
          amount.negated(),
          `Loan ${loan.id} repaid`,
          at,
          billRef("loan_repayment", "loan", loan.id),
        );
        await changeOutstanding(trx, loan.user_id, amount.negated(), at);
        return updateLoan(trx, loan.id, { state: 5, repaid_at: at, updated_at: at });
      },
      ownerId,
    );

  async function pending(limit = 100) {
    return (await listPendingLoans(db, limit)).map((l) => ({ ...loanRow(l), user: l.user_phone }));
  }

  return { summary, apply, list, details, approve, reject, repay, pending };
}

export type Loans = ReturnType<typeof createLoans>;
