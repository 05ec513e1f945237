import Decimal from "decimal.js";

import { stockMarkets } from "../config";
import { decideOn } from "./decisions";
import { createFx } from "./fx";
import type { Executor } from "../db/database";
import {
  findIpo,
  findIpoApplication,
  insertIpo,
  insertIpoApplication,
  listIpoApplications,
  listIpoSales,
  listIpos,
  lockIpo,
  lockIpoApplication,
  pendingIpoApplications,
  updateIpo,
  updateIpoApplication,
  type IpoApplicationView,
} from "../db/repositories/ipos";
import { insertOrder } from "../db/repositories/orders";
import { lockUser } from "../db/repositories/users";
import type { IpoApplication, IpoApplicationStatus } from "../db/tables/ipo-applications";
import type { Ipo, IpoStatus } from "../db/tables/ipos";
import { invalidInput, ProviderError } from "../errors";
import { billRef } from "./bill-refs";
import { applyBalanceChange } from "./ledger";
import { toMoneyString } from "./money";
import { iso, newOrderNo, type ProductDeps } from "./products-common";
import { dealRow } from "./trading";
import { replayOrRun, walletFingerprint } from "./wallet-idempotency";

/*
 * IPOs (docs/decisions/0130). Applying HOLDS issue_price × count – in wallet money at the simulator's rate of that
 * instant when the IPO's currency is another (docs/decisions/0145) – (expense bill, kind ipo) and leaves the application
 * pending (status 1). The operator then allots – all or part: the allotted shares become a lot (`orders`, mold ipo,
 * at the issue price, paid by the hold) and the rest of the hold comes back (income bill); status 2 – or rejects it
 * (the whole hold comes back; status 3). Each decision locks the account row, then the application, and refuses an
 * application that is no longer pending (`already_processed`).
 */

const APPLICATION_STATUS_NAMES: Record<IpoApplicationStatus, string> = { 1: "pending", 2: "success", 3: "failed" };

/** The status the customer sees: a Forthcoming IPO whose subscription window has ended shows as Closed. */
export function ipoStatus(ipo: Ipo, now: Date): IpoStatus {
  if (ipo.status === "Forthcoming" && now.getTime() >= ipo.issue_end_date.getTime()) return "Closed";
  return ipo.status;
}

const canApply = (ipo: Ipo, now: Date) =>
  ipoStatus(ipo, now) === "Forthcoming" && now.getTime() >= ipo.issue_start_date.getTime();

export function ipoRow(ipo: Ipo, now: Date) {
  return {
    id: ipo.id,
    series: ipo.market,
    symbol: ipo.symbol,
    company_name: ipo.company_name,
    status: ipoStatus(ipo, now),
    issue_price: ipo.issue_price,
    min: ipo.min_count,
    max: ipo.max_count,
    issue_start_date: ipo.issue_start_date.toISOString(),
    issue_end_date: ipo.issue_end_date.toISOString(),
    can_apply: canApply(ipo, now),
  };
}

export function applicationRow(a: Omit<IpoApplicationView, "user_id" | "order_id">) {
  return {
    id: a.id,
    ipo_id: a.ipo_id,
    tag: a.symbol,
    symbol: a.symbol,
    company_name: a.company_name,
    series: a.market,
    count: a.count,
    price: a.price,
    amount: a.amount,
    fx_rate: Number(a.fx_rate),
    fx_source: a.fx_source,
    wallet_amount: a.wallet_amount,
    allotted_count: a.allotted_count,
    refunded: a.refunded,
    status: a.status,
    status_name: APPLICATION_STATUS_NAMES[a.status],
    reason: a.reason,
    position_no: a.position_no,
    created_at: a.created_at.toISOString(),
    decided_at: iso(a.decided_at),
  };
}
export type IpoApplicationRow = ReturnType<typeof applicationRow>;

export function createIpos(deps: ProductDeps) {
  const { db, now, market } = deps;
  const markets = stockMarkets(deps.deployment);
  const fx = createFx(market, deps.deployment);

  /** The deployment's IPOs (its home market and US). */
  async function list() {
    const at = now();
    return (await listIpos(db, markets)).map((i) => ipoRow(i, at));
  }

  async function view(trx: Executor, id: number): Promise<IpoApplicationRow> {
    return applicationRow((await findIpoApplication(trx, id))!);
  }

  async function apply(userId: number, input: { id: number; tag: string; count: number; idempotencyKey: string }) {
    const fingerprint = walletFingerprint(["ipo_buy", input.id, input.tag.trim().toUpperCase(), input.count]);
    return db.transaction().execute(async (trx) => {
      await lockUser(trx, userId);
      const at = now();
      return replayOrRun(trx, { userId, key: input.idempotencyKey, fingerprint, at }, async () => {
        const ipo = await findIpo(trx, input.id);
        if (!ipo || !markets.includes(ipo.market)) throw new ProviderError("not_found", "no such IPO", "id");
        if (ipo.symbol.toUpperCase() !== input.tag.trim().toUpperCase())
          throw new ProviderError("not_found", "tag is not this IPO's symbol", "tag");
        if (!canApply(ipo, at)) throw new ProviderError("time_no", "this IPO is not taking applications now");
        if (input.count < ipo.min_count || input.count > ipo.max_count) {
          throw invalidInput("count", `from ${ipo.min_count} to ${ipo.max_count}`);
        }
        const conversion = fx.conversion(ipo.market, at);
        const notional = new Decimal(ipo.issue_price).times(input.count);
        const walletAmount = toMoneyString(notional.times(conversion.rate));
        const application = await insertIpoApplication(trx, {
          user_id: userId,
          ipo_id: ipo.id,
          count: input.count,
          price: ipo.issue_price,
          amount: toMoneyString(notional),
          fx_rate: conversion.rate.toString(),
          fx_source: conversion.source,
          wallet_amount: walletAmount,
          status: 1,
          created_at: at,
        });
        const converted =
          conversion.source === "same_currency"
            ? ""
            : ` ${conversion.currency} at ${conversion.rate} ${conversion.walletCurrency}/${conversion.currency} (${conversion.source})`;
        await applyBalanceChange(
          trx,
          userId,
          new Decimal(walletAmount).negated(),
          `IPO application ${application.id}: ${input.count} ${ipo.symbol} @ ${ipo.issue_price}${converted} (held until allotment)`,
          at,
          billRef("ipo", "ipo", application.id),
        );
        return view(trx, application.id);
      });
    });
  }

  async function applications(
    userId: number,
    q: { type: "applications" | "sales"; status: 0 | IpoApplicationStatus; page: number; limit: number },
  ) {
    const offset = (q.page - 1) * q.limit;
    if (q.type === "sales") {
      const { rows, count } = await listIpoSales(db, userId, offset, q.limit);
      return { rows: rows.map(dealRow), count };
    }
    const { rows, count } = await listIpoApplications(db, userId, {
      status: q.status === 0 ? undefined : q.status,
      offset,
      limit: q.limit,
    });
    return { rows: rows.map(applicationRow), count };
  }

  // ---- operator -------------------------------------------------------------------------------------------

  async function create(input: {
    symbol: string;
    company_name?: string;
    issue_price: Decimal;
    min: number;
    max: number;
    issue_start_date: Date;
    issue_end_date: Date;
    status?: IpoStatus;
  }) {
    // The allotted shares become a position valued at the market's price: the symbol must be a stock it quotes.
    const inst = market.find(input.symbol.trim());
    if (!inst || inst.kind !== "stock") throw new ProviderError("not_found", "not a stock the market quotes", "symbol");
    if (input.issue_price.lessThanOrEqualTo(0)) throw invalidInput("issue_price", "a positive price");
    if (input.max < input.min) throw invalidInput("max", "max must be at least min");
    if (input.issue_end_date.getTime() <= input.issue_start_date.getTime()) {
      throw invalidInput("issue_end_date", "the subscription must end after it starts");
    }
    const at = now();
    const ipo = await insertIpo(db, {
      symbol: inst.symbol,
      company_name: input.company_name?.trim() || inst.name,
      market: inst.market,
      status: input.status ?? "Forthcoming",
      issue_price: toMoneyString(input.issue_price),
      min_count: input.min,
      max_count: input.max,
      issue_start_date: input.issue_start_date,
      issue_end_date: input.issue_end_date,
      created_at: at,
      updated_at: at,
    });
    return ipoRow(ipo, at);
  }

  async function setStatus(id: number, status: IpoStatus) {
    return db.transaction().execute(async (trx) => {
      const ipo = await lockIpo(trx, id);
      if (!ipo) throw new ProviderError("not_found", "no such IPO", "id");
      if (ipo.status === status)
        throw new ProviderError("already_processed", `IPO ${id} is already ${status}`, "status");
      const at = now();
      return ipoRow(await updateIpo(trx, id, { status, updated_at: at }), at);
    });
  }

  /** Locks the account, then the application; refuses one that is no longer pending. */
  const decide = (id: number, work: (trx: Executor, a: IpoApplication, at: Date) => Promise<void>) =>
    decideOn(
      deps,
      {
        find: findIpoApplication,
        lock: lockIpoApplication,
        notFound: "no such IPO application",
        settled: (a) =>
          a.status === 1 ? undefined : `IPO application ${id} is already ${APPLICATION_STATUS_NAMES[a.status]}`,
      },
      id,
      async (trx, a, at) => {
        await work(trx, a, at);
        return view(trx, id);
      },
    );

  /** Allots `count` (1..applied; absent = all): a lot at the issue price, the rest of the hold returned. */
  const allot = (id: number, count?: number) =>
    decide(id, async (trx, a, at) => {
      const allotted = count ?? a.count;
      if (allotted < 1 || allotted > a.count)
        throw invalidInput("count", `from 1 to ${a.count} (the quantity applied for)`);
      const ipo = (await findIpo(trx, a.ipo_id))!;
      const inst = market.find(ipo.symbol);
      // Paid by the hold, at the rate the hold was taken at.
      const cost = toMoneyString(new Decimal(a.price).times(allotted));
      const walletCost = toMoneyString(new Decimal(a.price).times(allotted).times(a.fx_rate));
      const lot = await insertOrder(trx, {
        no: newOrderNo(at),
        user_id: a.user_id,
        tag: ipo.symbol,
        name: inst?.name ?? ipo.company_name,
        market: ipo.market,
        mold: "ipo",
        state: "buy",
        count: allotted,
        price: a.price,
        sell_price: null,
        price_all: cost,
        fee: "0.00",
        amount: cost,
        fx_rate: a.fx_rate,
        fx_source: a.fx_source,
        fx_at: a.created_at,
        wallet_price_all: walletCost,
        wallet_fee: "0.00",
        wallet_amount: walletCost,
        profit: null,
        status: 1,
        remaining: allotted,
        created_at: at,
        opens_at: at,
        filled_at: at,
      });
      const refund = new Decimal(a.wallet_amount).minus(walletCost);
      if (refund.greaterThan(0)) {
        await applyBalanceChange(
          trx,
          a.user_id,
          refund,
          `IPO application ${a.id}: ${allotted} of ${a.count} ${ipo.symbol} allotted (order ${lot.no}), rest of the hold returned`,
          at,
          billRef("ipo", "ipo", a.id),
        );
      }
      await updateIpoApplication(trx, a.id, {
        status: 2,
        allotted_count: allotted,
        refunded: toMoneyString(refund),
        order_id: lot.id,
        decided_at: at,
      });
    });

  /** Nothing allotted: the whole hold comes back. */
  const reject = (id: number, reason?: string) =>
    decide(id, async (trx, a, at) => {
      await applyBalanceChange(
        trx,
        a.user_id,
        new Decimal(a.wallet_amount),
        `IPO application ${a.id}: not allotted, hold returned`,
        at,
        billRef("ipo", "ipo", a.id),
      );
      await updateIpoApplication(trx, a.id, {
        status: 3,
        allotted_count: 0,
        refunded: a.wallet_amount,
        reason: reason || "Not allotted",
        decided_at: at,
      });
    });

  async function pending() {
    return (await pendingIpoApplications(db)).map((a) => ({ ...applicationRow(a), user: a.user }));
  }

  return { list, apply, applications, create, setStatus, allot, reject, pending };
}

export type Ipos = ReturnType<typeof createIpos>;
