import Decimal from "decimal.js";

import { decideOn } from "./decisions";
import type { Executor } from "../db/database";
import {
  dueFundOrders,
  findFundOrder,
  insertFundOrder,
  insertFundProduct,
  listFundOrders,
  listFundProducts,
  lockFundOrder,
  lockFundProduct,
  updateFundOrder,
  updateFundProduct,
  type FundOrderView,
} from "../db/repositories/fund-products";
import { lockUser } from "../db/repositories/users";
import type { FundOrder, FundOrderStatus } from "../db/tables/fund-orders";
import type { FundProduct } from "../db/tables/fund-products";
import { invalidInput, ProviderError } from "../errors";
import { billRef } from "./bill-refs";
import { applyBalanceChange } from "./ledger";
import { toMoneyString } from "./money";
import { iso, type ProductDeps } from "./products-common";
import { replayOrRun, walletFingerprint } from "./wallet-idempotency";

/*
 * Investment funds (docs/decisions/0131). A purchase debits the amount (expense bill, kind fund) and creates an
 * active order ending investment_period days later, with its return fixed at purchase: the midpoint of the fund's
 * range (percent over the whole period), so `expected_return` is what maturity pays. Maturity (operator `mature`,
 * at the provider clock's now) pays amount + expected_return back (income bill) and completes the order; a cancel
 * (customer or operator, active orders only) returns the amount (income bill) and frees the fund's capacity.
 */

const DAY_MS = 86_400_000;
const pct = (v: string) => new Decimal(v).toFixed(2);

export function fundRow(f: FundProduct) {
  const available = new Decimal(f.issue_amount).minus(f.sold_amount);
  return {
    id: f.id,
    name: f.name,
    min_return: pct(f.min_return),
    max_return: pct(f.max_return),
    investment_period: f.investment_period,
    amount: f.amount,
    issue_amount: f.issue_amount,
    sold_amount: f.sold_amount,
    available: available.toFixed(2),
    status: available.lessThan(f.amount) ? ("sold_out" as const) : ("open" as const),
  };
}

export function fundOrderRow(o: FundOrderView) {
  return {
    id: o.id,
    project_id: o.fund_id,
    amount: o.amount,
    expected_return: o.expected_return,
    return_rate: pct(o.return_rate),
    status: o.status,
    end_time: o.end_time.toISOString(),
    created_at: o.created_at.toISOString(),
    closed_at: iso(o.closed_at),
    project: {
      id: o.fund_id,
      name: o.name,
      investment_period: o.investment_period,
      min_return: pct(o.min_return),
      max_return: pct(o.max_return),
    },
  };
}
export type FundOrderRow = ReturnType<typeof fundOrderRow>;

/** The return fixed at purchase: the midpoint of the range, and what it pays on `amount` (half-up, 2 places). */
export function fundReturn(fund: Pick<FundProduct, "min_return" | "max_return">, amount: Decimal) {
  const rate = new Decimal(fund.min_return).plus(fund.max_return).div(2).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { rate: rate.toFixed(2), expected: toMoneyString(amount.times(rate).div(100)) };
}

export function createFundProducts(deps: ProductDeps) {
  const { db, now } = deps;

  async function list(q: { page: number; limit: number }) {
    const { rows, count } = await listFundProducts(db, (q.page - 1) * q.limit, q.limit);
    return { rows: rows.map(fundRow), count };
  }

  const view = async (trx: Executor, id: number) => fundOrderRow((await findFundOrder(trx, id))!);

  /** `amount` absent: the fund's minimum. */
  async function purchase(userId: number, input: { projectId: number; amount?: Decimal; idempotencyKey: string }) {
    const fingerprint = walletFingerprint(["fund_purchase", input.projectId, input.amount?.toFixed(2) ?? "minimum"]);
    return db.transaction().execute(async (trx) => {
      // Lock order: the account row, then the fund (a cancel locks account, order, fund).
      await lockUser(trx, userId);
      const at = now();
      return replayOrRun(trx, { userId, key: input.idempotencyKey, fingerprint, at }, async () => {
        const fund = await lockFundProduct(trx, input.projectId);
        if (!fund) throw new ProviderError("not_found", "no such fund", "project_id");
        const amount = input.amount ?? new Decimal(fund.amount);
        if (amount.lessThan(fund.amount)) {
          throw new ProviderError("amount_too_small", `the minimum is ${fund.amount}`, "amount");
        }
        const available = new Decimal(fund.issue_amount).minus(fund.sold_amount);
        if (amount.greaterThan(available)) {
          throw new ProviderError("sold_out", `${available.toFixed(2)} of this fund is left`, "amount");
        }
        const { rate, expected } = fundReturn(fund, amount);
        const order = await insertFundOrder(trx, {
          user_id: userId,
          fund_id: fund.id,
          amount: toMoneyString(amount),
          return_rate: rate,
          expected_return: expected,
          status: "active",
          end_time: new Date(at.getTime() + fund.investment_period * DAY_MS),
          created_at: at,
        });
        await applyBalanceChange(
          trx,
          userId,
          amount.negated(),
          `Fund order ${order.id}: ${fund.name}`,
          at,
          billRef("fund", "fund", order.id),
        );
        await updateFundProduct(trx, fund.id, {
          sold_amount: toMoneyString(new Decimal(fund.sold_amount).plus(amount)),
          updated_at: at,
        });
        return view(trx, order.id);
      });
    });
  }

  async function orders(userId: number, q: { status: "all" | FundOrderStatus; page: number; limit: number }) {
    const { rows, count } = await listFundOrders(db, userId, {
      status: q.status === "all" ? undefined : q.status,
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
    });
    return { rows: rows.map(fundOrderRow), count };
  }

  /** Locks the account, then the order; `userId` (a customer) must own it. Refuses an order that is not active. */
  const settle = (
    id: number,
    userId: number | undefined,
    work: (trx: Executor, o: FundOrder, at: Date) => Promise<void>,
  ) =>
    decideOn(
      deps,
      {
        find: findFundOrder,
        lock: lockFundOrder,
        notFound: "no such fund order",
        admits: (found) => userId === undefined || found.user_id === userId,
        settled: (o) => (o.status === "active" ? undefined : `fund order ${id} is already ${o.status}`),
      },
      id,
      async (trx, o, at) => {
        await work(trx, o, at);
        return view(trx, id);
      },
    );

  /** Customer (own orders) or operator (userId undefined): the amount comes back, the fund's capacity is freed. */
  const cancel = (id: number, userId?: number) =>
    settle(id, userId, async (trx, o, at) => {
      await applyBalanceChange(
        trx,
        o.user_id,
        new Decimal(o.amount),
        `Fund order ${o.id} cancelled: amount returned`,
        at,
        billRef("fund", "fund", o.id),
      );
      const fund = (await lockFundProduct(trx, o.fund_id))!;
      await updateFundProduct(trx, fund.id, {
        sold_amount: toMoneyString(Decimal.max(new Decimal(fund.sold_amount).minus(o.amount), 0)),
        updated_at: at,
      });
      await updateFundOrder(trx, o.id, { status: "cancelled", closed_at: at });
    });

  /** Pays out every active order whose end_time has come (at the clock's now). Returns the completed orders. */
  async function mature() {
    const at = now();
    const matured: FundOrderRow[] = [];
    for (const due of await dueFundOrders(db, at)) {
      try {
        matured.push(
          await settle(due.id, undefined, async (trx, o, when) => {
            if (o.end_time.getTime() > when.getTime()) throw new ProviderError("already_processed", "not due");
            const payout = new Decimal(o.amount).plus(o.expected_return);
            await applyBalanceChange(
              trx,
              o.user_id,
              payout,
              `Fund order ${o.id} matured: ${o.amount} + ${o.expected_return} return`,
              when,
              billRef("fund", "fund", o.id),
            );
            await updateFundOrder(trx, o.id, { status: "completed", closed_at: when });
          }),
        );
      } catch (error) {
        // Cancelled or matured meanwhile by another run: nothing to do for this one.
        if (!(error instanceof ProviderError && error.code === "already_processed")) throw error;
      }
    }
    return { matured };
  }

  async function create(input: {
    name: string;
    min_return: Decimal;
    max_return: Decimal;
    investment_period: number;
    amount: Decimal;
    issue_amount: Decimal;
  }) {
    if (input.min_return.isNegative()) throw invalidInput("min_return", "a percentage, 0 or more");
    if (input.max_return.lessThan(input.min_return)) throw invalidInput("max_return", "at least min_return");
    if (input.max_return.greaterThan(1000)) throw invalidInput("max_return", "at most 1000 (percent)");
    if (input.amount.lessThanOrEqualTo(0)) throw invalidInput("amount", "a positive minimum investment");
    if (input.issue_amount.lessThan(input.amount))
      throw invalidInput("issue_amount", "at least the minimum investment");
    const at = now();
    const fund = await insertFundProduct(db, {
      name: input.name.trim(),
      min_return: input.min_return.toFixed(2),
      max_return: input.max_return.toFixed(2),
      investment_period: input.investment_period,
      amount: toMoneyString(input.amount),
      issue_amount: toMoneyString(input.issue_amount),
      sold_amount: "0.00",
      created_at: at,
      updated_at: at,
    });
    return fundRow(fund);
  }

  return { list, purchase, orders, cancel, mature, create };
}

export type FundProducts = ReturnType<typeof createFundProducts>;
