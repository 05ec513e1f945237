import { createHash } from "node:crypto";

import Decimal from "decimal.js";

import type { Deployment } from "../config";
import { billRef } from "./bill-refs";
import { createFx, type Fx, type FxConversion } from "./fx";
import { applyBalanceChange } from "./ledger";
import {
  billReason,
  dealRow,
  HOLD_MARGIN,
  money,
  orderMoney,
  sellFigures,
  STATUS_NAMES,
  type DealRow,
  type StatusName,
} from "./order-figures";
import {
  buyReservation,
  checkTerms,
  GTC_DAYS,
  judge,
  marketable,
  ORDER_TYPES,
  orderWindow,
  REASONS,
  referencePrice,
  VALIDITIES,
  type Terms,
  type TermsInput,
} from "./order-rules";
import { iso, newOrderNo } from "./products-common";
import { configDecimal } from "./wallet";
import type { DB, Executor } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { findIdempotencyKey, insertIdempotencyKey } from "../db/repositories/idempotency-keys";
import {
  crossingOrders,
  dueOrders,
  expiredConditionalOrders,
  findAnyOrderByNo,
  findOrderById,
  findOrderByNo,
  holdingsAndDue,
  insertOrder,
  ordersPageAndDue,
  lockOrderById,
  lockOrderByNo,
  lotsPageAndDue,
  openConditionalTags,
  updateOrder,
} from "../db/repositories/orders";
import { findMoney, lockUser } from "../db/repositories/users";
import type { MarketCode } from "../db/tables/instruments";
import type { OrderRow, OrderState, OrderStatus } from "../db/tables/orders";
import type { User } from "../db/tables/users";
import { invalidInput, ProviderError } from "../errors";
import type { MarketHours } from "../market/hours";
import type { Instrument, MarketSource } from "../market/source";
import { tickSize } from "../market/tick-size";

export { dealRow, HOLD_MARGIN, STATUS_NAMES, type DealRow, type StatusName };

/*
 * Orders, positions and settlement. Every money movement is one transaction that first locks the account row
 * (which also serialises a user's submissions, so idempotency keys are race-safe), then the order rows.
 * See docs/decisions/0014-order-lifecycle-and-funds-hold.md and 0015-idempotency-keys.md.
 *
 * Money of a trade priced in another currency than the wallet's (a US stock on INR) is converted at the rate of
 * the simulator's forex pair at the fill (a pending buy's hold: at placement, with the 10 % margin); the order
 * keeps the rate, its source and instant, and its figures in both currencies (docs/decisions/0145).
 *
 * Limit, stop and stop-limit orders (docs/decisions/0360-0361, the rules in order-rules.ts) hold what they need while
 * open – a buy its reservation as a hold bill, a sell its shares – and are judged by the tick loop (`tick`, run every
 * second by services/market-ticks.ts) at each tick's price. Every change of an open order (fill, trigger, expiry,
 * cancel, modification) locks the account row and then the order row and checks that the order is still open, so on
 * any number of providers sharing one database each order ends once (docs/decisions/0362).
 */

export interface TradingDeps {
  db: DB;
  market: MarketSource;
  hours: MarketHours;
  now: () => Date;
  /** Markets a symbol must belong to for trading (the deployment's listed markets). */
  listedMarkets: MarketCode[];
  /** The wallet's currency (the deployment's); trades in another currency are converted (docs/decisions/0145). */
  walletCurrency: Deployment;
}

/** What a tick did to the open orders. */
export interface TickOutcome {
  filled: number;
  triggered: number;
  expired: number;
  /** Triggered stop buys the reservation and the free balance could not pay for. */
  cancelled: number;
}

const fingerprintOf = (parts: unknown[]) => createHash("sha256").update(JSON.stringify(parts)).digest("hex");

/** The terms' part of an idempotency fingerprint: nothing for a plain market order (keys stored before stay valid). */
const termsKey = (t: TermsInput) =>
  t.orderType === undefined && t.limitPrice === undefined && t.triggerPrice === undefined && t.validity === undefined
    ? []
    : [t.orderType ?? "market", t.limitPrice ?? null, t.triggerPrice ?? null, t.validity ?? null];

/** The columns of an order row that say what kind of order it is. */
const termColumns = (t: Terms) => ({
  order_type: t.orderType,
  limit_price: t.limitPrice?.toString() ?? null,
  trigger_price: t.triggerPrice?.toString() ?? null,
  validity: t.validity,
});

/** An open order's stored terms, for checking a modification. */
const storedTerms = (o: OrderRow): TermsInput => ({
  orderType: o.order_type,
  limitPrice: o.limit_price ?? undefined,
  triggerPrice: o.trigger_price ?? undefined,
  validity: o.validity ?? undefined,
});

export function createTrading(deps: TradingDeps) {
  const { db, market, hours } = deps;
  const fx = createFx(market, deps.walletCurrency);

  function tradable(symbol: string): Instrument {
    const inst = market.find(symbol);
    if (!inst || inst.kind === "index" || !deps.listedMarkets.includes(inst.market)) {
      throw new ProviderError("not_found", "unknown or untradable symbol", "tag");
    }
    return inst;
  }

  /** A market the client sent (`type`) must be the instrument's: a mismatch is never guessed around. */
  function requireMarket(sent: MarketCode | undefined, actual: MarketCode) {
    if (sent !== undefined && sent !== actual)
      throw invalidInput("type", `type must be ${actual}, the market of this symbol`);
  }

  function priceAt(inst: Pick<Instrument, "symbol">, at: Date): Decimal {
    const q = market.quote(inst.symbol, at);
    if (!q) throw new Error(`no quote for ${inst.symbol}`);
    return new Decimal(String(q.price));
  }

  /**
   * Runs `work` once per (user, key): the account row lock serialises a user's submissions; a stored reply with
   * the same fingerprint is replayed, a different fingerprint is invalid_input. Failures store nothing.
   */
  async function idempotent(
    userId: number,
    key: string | undefined,
    fingerprint: string,
    work: (trx: Executor, now: Date) => Promise<OrderRow>,
  ): Promise<DealRow> {
    const replay = (stored: { fingerprint: string; reply: string }) => {
      if (stored.fingerprint !== fingerprint) {
        throw invalidInput("idempotency_key", "idempotency_key was already used for a different request");
      }
      return JSON.parse(stored.reply) as DealRow;
    };
    try {
      return await db.transaction().execute(async (trx) => {
        const now = deps.now();
        if (!(await lockUser(trx, userId))) throw new ProviderError("not_found", "account not found");
        // Not one statement with the lock: a key stored by the transaction this one waited for is seen only by a
        // statement started after the lock (READ COMMITTED; provider/tests/idempotency.test.ts, on PostgreSQL).
        if (key) {
          const prior = await findIdempotencyKey(trx, userId, key);
          if (prior) return replay(prior);
        }
        const order = await work(trx, now);
        const reply = dealRow(order);
        const text = JSON.stringify(reply);
        if (key) {
          await insertIdempotencyKey(trx, {
            user_id: userId,
            key,
            fingerprint,
            reply: text,
            order_id: order.id,
            created_at: now,
          });
        }
        return JSON.parse(text) as DealRow;
      });
    } catch (error) {
      if (key && isUniqueViolation(error)) {
        const prior = await findIdempotencyKey(db, userId, key);
        if (prior) return replay(prior);
      }
      throw error;
    }
  }

  /**
   * What every new order row starts with: a fresh number (made by the insert), the customer, the instrument, side
   * and count.
   */
  function newOrder(
    userId: number,
    of: Pick<OrderRow, "tag" | "name" | "market" | "mold">,
    state: OrderState,
    count: number,
    now: Date,
  ) {
    return {
      no: newOrderNo(now),
      user_id: userId,
      tag: of.tag,
      name: of.name,
      market: of.market,
      mold: of.mold,
      state,
      count,
      created_at: now,
    };
  }

  /** Money out of the wallet for order `no` (its bill's ref names the order). */
  async function debit(trx: Executor, userId: number, no: string, amount: Decimal, reason: string, now: Date) {
    if (amount.isZero()) return;
    await applyBalanceChange(trx, userId, amount.negated(), reason, now, billRef("order", "order", no));
  }
  /** Money into the wallet for order `no` (its bill's ref names the order). */
  async function credit(trx: Executor, userId: number, no: string, amount: Decimal, reason: string, now: Date) {
    if (amount.isZero()) return;
    await applyBalanceChange(trx, userId, amount, reason, now, billRef("order", "order", no));
  }

  /** How a bill names an open order: "buy 10 RELIANCE.NS limit 2400". */
  const orderWords = (o: Pick<OrderRow, "state" | "count" | "tag">, t: Terms) =>
    `${o.state} ${o.count} ${o.tag} ${t.orderType.replace("_", "-")}` +
    (t.triggerPrice ? ` trigger ${t.triggerPrice}` : "") +
    (t.limitPrice ? ` limit ${t.limitPrice}` : "");

  // ---- placing ---------------------------------------------------------------------------------------------

  /** Everything a buy's placement decides before it writes: also what a preview answers. */
  async function planBuy(
    ex: Executor,
    input: { tag: string; count: number; market?: MarketCode; terms: TermsInput },
    now: Date,
  ) {
    const inst = tradable(input.tag);
    requireMarket(input.market, inst.market);
    const price = priceAt(inst, now);
    const terms = checkTerms(input.terms, "buy", inst, price);
    const rate = fx.conversion(inst.market, now);
    const feeRate = await configDecimal(ex, "fee_rate", deps);
    const open = hours.isOpen(inst, now);
    // When it fills and what it holds meanwhile; the estimate is the price it is expected to fill at.
    let placement: { fillsNow: boolean; held: Decimal; opensAt: Date; expiresAt: Date | null; estimate: Decimal };
    if (terms.orderType === "market") {
      const session = open ? undefined : hours.nextSession(inst, now)!;
      // Pending: the hold is in wallet money at the placement's rate, with the margin covering price and rate moves.
      const reserve = price.times(input.count).times(rate.rate).times(HOLD_MARGIN.plus(1));
      const held = open
        ? new Decimal(0)
        : new Decimal(reserve.plus(feeRate.times(reserve)).toFixed(2, Decimal.ROUND_UP));
      placement = {
        fillsNow: open,
        held,
        opensAt: session?.open ?? now,
        expiresAt: session?.close ?? null,
        estimate: price,
      };
    } else {
      const fillsNow = open && marketable(terms, "buy", price);
      const window = orderWindow(terms.validity!, inst, hours, now);
      placement = {
        fillsNow,
        held: fillsNow ? new Decimal(0) : buyReservation(terms, input.count, rate, feeRate),
        opensAt: fillsNow ? now : window.opensAt,
        expiresAt: fillsNow ? null : window.expiresAt,
        estimate: fillsNow ? price : referencePrice(terms),
      };
    }
    const figures = orderMoney("buy", placement.estimate, input.count, rate, feeRate);
    return { inst, price, terms, rate, feeRate, ...placement, figures };
  }

  async function placeOrder(
    userId: number,
    input: {
      tag: string;
      count: number;
      mold: "stock";
      state: "buy";
      market?: MarketCode;
      idempotencyKey: string;
      terms?: TermsInput;
    },
  ): Promise<DealRow> {
    await settleUser(userId);
    const terms = input.terms ?? {};
    const inst = tradable(input.tag);
    requireMarket(input.market, inst.market);
    const fp = fingerprintOf(["order", inst.symbol, input.count, input.mold, input.state, ...termsKey(terms)]);
    return idempotent(userId, input.idempotencyKey, fp, async (trx, now) => {
      const plan = await planBuy(trx, { ...input, terms }, now);
      const of = { tag: inst.symbol, name: inst.name, market: inst.market, mold: input.mold };
      const base = {
        ...newOrder(userId, of, "buy", input.count, now),
        ...termColumns(plan.terms),
        price: plan.estimate.toString(),
        sell_price: null,
        ...plan.figures,
        profit: null,
      };
      const conditional = plan.terms.orderType !== "market";
      if (plan.fillsNow) {
        const order = await insertOrder(trx, {
          ...base,
          status: 1,
          remaining: input.count,
          opens_at: now,
          filled_at: now,
          ...(conditional ? { reason: REASONS.filled } : {}),
        });
        await debit(
          trx,
          userId,
          order.no,
          new Decimal(plan.figures.wallet_amount),
          billReason(`Buy ${input.count} ${inst.symbol}`, plan.price, plan.rate, order.no, plan.figures.wallet_fee),
          now,
        );
        return order;
      }
      const order = await insertOrder(trx, {
        ...base,
        status: 0,
        held: plan.held.toFixed(2),
        opens_at: plan.opensAt,
        expires_at: plan.expiresAt,
      });
      const what = conditional ? orderWords(order, plan.terms) : `buy ${input.count} ${inst.symbol}`;
      await debit(trx, userId, order.no, plan.held, `Hold for order ${order.no} (${what})`, now);
      return order;
    });
  }

  /** Everything a sell's placement decides, with the lot locked (`lock`) or only read (a preview). */
  async function planSell(
    ex: Executor,
    userId: number,
    input: { no: string; count?: number; market?: MarketCode; terms: TermsInput },
    now: Date,
    lock: boolean,
  ) {
    const lot = lock ? await lockOrderByNo(ex, userId, input.no) : await findOrderByNo(ex, userId, input.no);
    if (!lot || lot.state !== "buy" || lot.status !== 1) throw new ProviderError("not_found", "no such position", "no");
    requireMarket(input.market, lot.market);
    const count = input.count ?? lot.remaining;
    if (count < 1 || count > lot.remaining) {
      throw new ProviderError("count_exceeds_position", `at most ${lot.remaining} can be sold`, "count");
    }
    const inst = market.find(lot.tag);
    if (!inst) throw new ProviderError("not_found", "instrument no longer exists", "no");
    const price = priceAt(inst, now);
    const terms = checkTerms(input.terms, "sell", inst, price);
    const rate = fx.conversion(lot.market, now);
    const feeRate = await configDecimal(ex, "fee_rate", deps);
    const open = hours.isOpen(inst, now);
    const fillsNow = terms.orderType === "market" ? open : open && marketable(terms, "sell", price);
    const window =
      terms.orderType === "market"
        ? { opensAt: hours.nextSession(inst, now)?.open ?? now, expiresAt: hours.nextSession(inst, now)?.close ?? null }
        : orderWindow(terms.validity!, inst, hours, now);
    const estimate = fillsNow || terms.orderType === "market" ? price : referencePrice(terms);
    return {
      lot,
      inst,
      count,
      price,
      terms,
      rate,
      fillsNow,
      opensAt: fillsNow ? now : window.opensAt,
      expiresAt: fillsNow ? null : window.expiresAt,
      figures: sellFigures(new Decimal(lot.price), estimate, count, rate, feeRate),
    };
  }

  async function sell(
    userId: number,
    input: { no: string; count?: number; market?: MarketCode; idempotencyKey: string; terms?: TermsInput },
  ): Promise<DealRow> {
    await settleUser(userId);
    const terms = input.terms ?? {};
    const fp = fingerprintOf(["sell", input.no, input.count ?? "all", ...termsKey(terms)]);
    return idempotent(userId, input.idempotencyKey, fp, async (trx, now) => {
      const plan = await planSell(trx, userId, { ...input, terms }, now, true);
      const { lot, count } = plan;
      await updateOrder(trx, lot.id, { remaining: lot.remaining - count });
      const base = {
        ...newOrder(userId, lot, "sell", count, now),
        ...termColumns(plan.terms),
        price: lot.price,
        ...plan.figures,
        position_id: lot.id,
        position_no: lot.no,
      };
      if (plan.fillsNow) {
        const order = await insertOrder(trx, {
          ...base,
          status: 1,
          opens_at: now,
          filled_at: now,
          ...(plan.terms.orderType !== "market" ? { reason: REASONS.filled } : {}),
        });
        await credit(
          trx,
          userId,
          order.no,
          new Decimal(plan.figures.wallet_amount),
          billReason(`Sell ${count} ${lot.tag}`, plan.price, plan.rate, order.no, plan.figures.wallet_fee),
          now,
        );
        return order;
      }
      return insertOrder(trx, { ...base, status: 0, opens_at: plan.opensAt, expires_at: plan.expiresAt });
    });
  }

  /**
   * What an order would do if placed now, written nowhere: the same checks and refusals as placing it, then whether it
   * fills at once, what it would reserve (wallet money for a buy, shares for a sell), until when, and its figures at
   * the price it is estimated at (docs/provider-api.md "Order types").
   */
  async function preview(
    userId: number,
    input:
      | { state: "buy"; tag: string; count: number; market?: MarketCode; terms: TermsInput }
      | { state: "sell"; no: string; count?: number; market?: MarketCode; terms: TermsInput },
  ) {
    const now = deps.now();
    if (input.state === "buy") {
      const plan = await planBuy(db, input, now);
      return previewReply(plan.inst, "buy", input.count, plan, plan.held.toFixed(2), 0);
    }
    const plan = await planSell(db, userId, input, now, false);
    return previewReply(plan.inst, "sell", plan.count, plan, "0.00", plan.fillsNow ? 0 : plan.count);
  }

  function previewReply(
    inst: Instrument,
    state: OrderState,
    count: number,
    plan: {
      price: Decimal;
      terms: Terms;
      rate: FxConversion;
      fillsNow: boolean;
      opensAt: Date;
      expiresAt: Date | null;
      figures: ReturnType<typeof orderMoney>;
    },
    reserve: string,
    reserveShares: number,
  ) {
    const { fx_at: _at, ...figures } = plan.figures;
    return {
      tag: inst.symbol,
      name: inst.name,
      type: inst.market,
      state,
      count,
      ...termColumns(plan.terms),
      limit_price: plan.terms.limitPrice?.toNumber() ?? null,
      trigger_price: plan.terms.triggerPrice?.toNumber() ?? null,
      price: plan.price.toNumber(),
      tick_size: tickSize(inst).toString(),
      fills_at_once: plan.fillsNow,
      opens_at: plan.opensAt.toISOString(),
      expires_at: iso(plan.expiresAt),
      reserve,
      reserve_shares: reserveShares,
      ...figures,
      fx_rate: plan.rate.rate.toNumber(),
    };
  }

  /** The order rules of one symbol now: tick size, price, whether its market is open, until when each validity lasts. */
  async function rules(tag: string) {
    const inst = tradable(tag);
    const now = deps.now();
    const day = orderWindow("day", inst, hours, now);
    const gtc = orderWindow("gtc", inst, hours, now);
    return {
      tag: inst.symbol,
      type: inst.market,
      precision: inst.precision,
      tick_size: tickSize(inst).toString(),
      price: priceAt(inst, now).toNumber(),
      open: hours.isOpen(inst, now),
      order_types: ORDER_TYPES,
      validities: VALIDITIES,
      gtc_days: GTC_DAYS,
      day: { opens_at: day.opensAt.toISOString(), expires_at: day.expiresAt.toISOString() },
      gtc: { opens_at: gtc.opensAt.toISOString(), expires_at: gtc.expiresAt.toISOString() },
      fee_rate: (await configDecimal(db, "fee_rate", deps)).toString(),
      hold_margin: HOLD_MARGIN.toString(),
    };
  }

  // ---- ending, filling, modifying --------------------------------------------------------------------------

  /** Returns what a pending order holds: the cash of a buy, the shares of a sell. */
  async function release(trx: Executor, order: OrderRow, reason: string, now: Date) {
    if (order.state === "buy") {
      await credit(trx, order.user_id, order.no, new Decimal(order.held), reason, now);
    } else if (order.position_id !== null) {
      const lot = await lockOrderById(trx, order.position_id);
      if (lot) await updateOrder(trx, lot.id, { remaining: lot.remaining + order.count });
    }
  }

  /** Ends a pending order at its expiry: what it held comes back. */
  async function expire(trx: Executor, order: OrderRow, now: Date) {
    await release(trx, order, `Order ${order.no} expired: hold released`, now);
    return updateOrder(trx, order.id, {
      status: 3,
      held: "0.00",
      reason: order.validity === "gtc" ? REASONS.gtcEnded : REASONS.dayEnded,
      closed_at: order.expires_at,
    });
  }

  /**
   * Fills an open limit, stop or stop-limit order at `price` (the tick's), whole: a buy's reservation comes back and
   * its cost goes out (two bills), a sell's proceeds come in. The account row and the order row are locked.
   */
  async function fillOpen(
    trx: Executor,
    order: OrderRow,
    price: Decimal,
    now: Date,
    triggeredAt: Date | null,
    rates: Fx = fx,
  ) {
    const rate = rates.conversion(order.market, now);
    const feeRate = await configDecimal(trx, "fee_rate", deps);
    const filled = { status: 1 as const, filled_at: now, reason: REASONS.filled, triggered_at: triggeredAt };
    return updateOrder(trx, order.id, { ...filled, ...(await payFill(trx, order, price, rate, feeRate, now)) });
  }

  /**
   * The money of a whole fill at `price` and `rate`: a buy's reservation comes back and its cost goes out (two
   * bills), a sell's proceeds come in (one). Returns the order's fields that say what it was filled at.
   */
  async function payFill(
    trx: Executor,
    order: OrderRow,
    price: Decimal,
    rate: ReturnType<Fx["conversion"]>,
    feeRate: Decimal,
    now: Date,
  ) {
    const bill = (move: typeof credit, amount: string, reason: string) =>
      move(trx, order.user_id, order.no, new Decimal(amount), reason, now);
    const why = (side: string, figures: { wallet_fee: string }) =>
      billReason(`${side} ${order.count} ${order.tag}`, price, rate, order.no, figures.wallet_fee);
    if (order.state === "buy") {
      const figures = orderMoney("buy", price, order.count, rate, feeRate);
      await bill(credit, order.held, `Order ${order.no} filled: hold released`);
      await bill(debit, figures.wallet_amount, why("Buy", figures));
      return { price: price.toString(), ...figures, held: "0.00", remaining: order.count };
    }
    const figures = sellFigures(new Decimal(order.price), price, order.count, rate, feeRate);
    await bill(credit, figures.wallet_amount, why("Sell", figures));
    return figures;
  }

  async function cancel(userId: number, input: { no: string; idempotencyKey?: string }): Promise<DealRow> {
    await settleUser(userId);
    const fp = fingerprintOf(["cancel", input.no]);
    return idempotent(userId, input.idempotencyKey, fp, async (trx, now) => {
      const order = await lockOrderByNo(trx, userId, input.no);
      if (!order) throw new ProviderError("not_found", "no such order", "no");
      if (order.status !== 0)
        throw new ProviderError("order_not_pending", "only pending orders can be cancelled", "no");
      await release(trx, order, `Order ${order.no} cancelled: hold released`, now);
      return updateOrder(trx, order.id, {
        status: 2,
        held: "0.00",
        reason: REASONS.cancelled,
        closed_at: now,
      });
    });
  }

  /**
   * The operator ends an open order now, as if its expiry had come (tests and demos: an e2e test cannot wait for a
   * close; docs/provider-api.md "Operator"): `expires_at` and `closed_at` become now, its reservation comes back, in one
   * transaction under the account and order locks, like any expiry.
   */
  async function expireNow(no: string): Promise<DealRow> {
    const found = await findAnyOrderByNo(db, no);
    if (!found) throw new ProviderError("not_found", "no such order", "no");
    const now = deps.now();
    return db.transaction().execute(async (trx) => {
      await lockUser(trx, found.user_id);
      const order = await lockOrderById(trx, found.id);
      if (!order || order.status !== 0)
        throw new ProviderError("order_not_pending", "only pending orders can expire", "no");
      await updateOrder(trx, order.id, { expires_at: now });
      return dealRow(await expire(trx, { ...order, expires_at: now }, now));
    });
  }

  /**
   * Changes an open limit, stop or stop-limit order in one transaction: its prices, quantity and validity are
   * checked as at placement against the price now; a buy's reservation is worked out again and the difference moves
   * as one bill, a sell's reserved shares change on its lot. A change that makes a limit fillable fills it at once.
   */
  async function modify(
    userId: number,
    // What may change: the count and the terms but the order's type.
    input: { no: string; count?: number; idempotencyKey: string } & Omit<TermsInput, "orderType">,
  ): Promise<DealRow> {
    await settleUser(userId);
    const fp = fingerprintOf([
      "modify",
      input.no,
      input.count ?? null,
      input.limitPrice ?? null,
      input.triggerPrice ?? null,
      input.validity ?? null,
    ]);
    return idempotent(userId, input.idempotencyKey, fp, async (trx, now) => {
      const order = await lockOrderByNo(trx, userId, input.no);
      if (!order) throw new ProviderError("not_found", "no such order", "no");
      if (order.status !== 0) throw new ProviderError("order_not_pending", "only pending orders can be modified", "no");
      if (order.order_type === "market")
        throw invalidInput("no", "a market order cannot be modified: cancel it and place another");
      if (order.triggered_at && input.triggerPrice !== undefined)
        throw invalidInput("trigger_price", "the order has triggered: its trigger no longer counts");
      const inst = market.find(order.tag);
      if (!inst) throw new ProviderError("not_found", "instrument no longer exists", "no");
      const price = priceAt(inst, now);
      const stored = storedTerms(order);
      const terms = checkTerms(
        {
          ...stored,
          limitPrice: input.limitPrice ?? stored.limitPrice,
          triggerPrice: input.triggerPrice ?? stored.triggerPrice,
          validity: input.validity ?? stored.validity,
        },
        order.state,
        inst,
        price,
        order.triggered_at !== null,
      );
      const count = input.count ?? order.count;
      const window =
        input.validity === undefined
          ? { opensAt: order.opens_at, expiresAt: order.expires_at }
          : orderWindow(terms.validity!, inst, hours, now);
      const rate = fx.conversion(order.market, now);
      const feeRate = await configDecimal(trx, "fee_rate", deps);
      const estimate = referencePrice(terms);
      const changes = {
        ...termColumns(terms),
        count,
        opens_at: window.opensAt,
        expires_at: window.expiresAt,
        modified_at: now,
      };
      // A change that makes it fillable now fills it at once: a buy's old hold comes back, the cost goes out.
      const fillsNow =
        hours.isOpen(inst, now) &&
        window.opensAt.getTime() <= now.getTime() &&
        judge({ ...order, ...termColumns(terms) }, price).fill;
      let updated: OrderRow;
      if (order.state === "buy" && fillsNow) {
        updated = await updateOrder(trx, order.id, changes);
      } else if (order.state === "buy") {
        const held = buyReservation(terms, count, rate, feeRate);
        const change = held.minus(order.held);
        const what = orderWords({ ...order, count }, terms);
        if (change.greaterThan(0))
          await debit(trx, userId, order.no, change, `Hold for order ${order.no} raised (${what})`, now);
        if (change.lessThan(0))
          await credit(trx, userId, order.no, change.negated(), `Hold for order ${order.no} lowered (${what})`, now);
        updated = await updateOrder(trx, order.id, {
          ...changes,
          held: held.toFixed(2),
          price: estimate.toString(),
          ...orderMoney("buy", estimate, count, rate, feeRate),
        });
      } else {
        const lot = order.position_id === null ? undefined : await lockOrderById(trx, order.position_id);
        if (!lot) throw new ProviderError("not_found", "no such position", "no");
        const available = lot.remaining + order.count;
        if (count > available)
          throw new ProviderError("count_exceeds_position", `at most ${available} can be sold`, "count");
        await updateOrder(trx, lot.id, { remaining: available - count });
        updated = await updateOrder(trx, order.id, {
          ...changes,
          ...sellFigures(new Decimal(order.price), estimate, count, rate, feeRate),
        });
      }
      return fillsNow ? fillOpen(trx, updated, price, now, updated.triggered_at) : updated;
    });
  }

  /** Fills or expires one pending market order if it is due at `now`, or expires a limit or stop order. */
  async function settleOrder(orderId: number, userId: number, now: Date): Promise<boolean> {
    try {
      return await db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        const order = await lockOrderById(trx, orderId);
        if (!order || order.status !== 0) return false;
        if (order.order_type !== "market") {
          if (!order.expires_at || now.getTime() < order.expires_at.getTime()) return false;
          await expire(trx, order, now);
          return true;
        }
        if (order.opens_at.getTime() > now.getTime()) return false;
        if (order.expires_at && now.getTime() >= order.expires_at.getTime()) {
          await expire(trx, order, now);
          return true;
        }
        const at = order.opens_at;
        const price = priceAt({ symbol: order.tag }, at);
        // Filled at the opening instant: its price and its exchange rate.
        const rate = fx.conversion(order.market, at);
        const feeRate = await configDecimal(trx, "fee_rate", deps);
        const paid = await payFill(trx, order, price, rate, feeRate, now);
        await updateOrder(trx, order.id, { status: 1, ...paid, filled_at: at });
        return true;
      });
    } catch (error) {
      // A fill the account cannot pay for (the price gapped past the hold) stays pending until it expires.
      if (error instanceof ProviderError && error.code === "not_sufficient_funds") return false;
      throw error;
    }
  }

  async function settle(userId?: number): Promise<number> {
    const now = deps.now();
    let changed = 0;
    for (const o of await dueOrders(db, now, userId)) if (await settleOrder(o.id, o.user_id, now)) changed++;
    return changed;
  }
  const settleUser = (userId: number) => settle(userId);

  // ---- the tick loop ----------------------------------------------------------------------------------------

  type Judged = "none" | "filled" | "triggered" | "expired" | "cancelled";

  /**
   * Judges one open order at the tick's `price` under the account and order locks: expired, filled, triggered (a
   * stop-limit that now rests as a limit) or nothing – another provider may have got there first. A triggered stop buy
   * that cannot be paid (the price gapped past its reservation and the free balance) is cancelled with its reason.
   */
  async function judgeOrder(orderId: number, userId: number, price: Decimal, now: Date, rates: Fx): Promise<Judged> {
    try {
      return await db.transaction().execute(async (trx): Promise<Judged> => {
        await lockUser(trx, userId);
        const order = await lockOrderById(trx, orderId);
        if (!order || order.status !== 0 || order.order_type === "market") return "none";
        if (order.opens_at.getTime() > now.getTime()) return "none";
        if (order.expires_at && now.getTime() >= order.expires_at.getTime()) {
          await expire(trx, order, now);
          return "expired";
        }
        const { trigger, fill } = judge(order, price);
        const triggeredAt = trigger ? now : order.triggered_at;
        if (fill) {
          await fillOpen(trx, order, price, now, triggeredAt, rates);
          return "filled";
        }
        if (!trigger) return "none";
        await updateOrder(trx, order.id, { triggered_at: now });
        return "triggered";
      });
    } catch (error) {
      if (!(error instanceof ProviderError && error.code === "not_sufficient_funds")) throw error;
      return db.transaction().execute(async (trx): Promise<Judged> => {
        await lockUser(trx, userId);
        const order = await lockOrderById(trx, orderId);
        if (!order || order.status !== 0) return "none";
        await release(trx, order, `Order ${order.no} could not be paid for: hold released`, now);
        await updateOrder(trx, order.id, {
          status: 2,
          held: "0.00",
          reason: REASONS.noFunds,
          closed_at: now,
          triggered_at: order.triggered_at ?? now,
        });
        return "cancelled";
      });
    }
  }

  /**
   * One tick at `at` (default: the clock's now): every open limit, stop and stop-limit order whose market is open is
   * judged at the price of that instant in `source` (the tick's view of the market; a fill's exchange rate too); the
   * ones past their validity expire. Safe to run on every provider at once.
   */
  async function tick(at?: Date, source: MarketSource = market): Promise<TickOutcome> {
    const now = at ?? deps.now();
    const rates = source === market ? fx : createFx(source, deps.walletCurrency);
    const outcome: TickOutcome = { filled: 0, triggered: 0, expired: 0, cancelled: 0 };
    const prices = new Map<string, Decimal>();
    for (const tag of await openConditionalTags(db)) {
      const inst = market.find(tag);
      const quote = inst && hours.isOpen(inst, now) ? source.quote(tag, now) : undefined;
      if (quote) prices.set(tag, new Decimal(String(quote.price)));
    }
    const crossing = await crossingOrders(
      db,
      [...prices.keys()],
      [...prices.values()].map((p) => p.toString()),
      now,
    );
    for (const o of crossing) {
      const judged = await judgeOrder(o.id, o.user_id, prices.get(o.tag)!, now, rates);
      if (judged !== "none") outcome[judged]++;
    }
    for (const o of await expiredConditionalOrders(db, now))
      if (await settleOrder(o.id, o.user_id, now)) outcome.expired++;
    return outcome;
  }

  // ---- reading ---------------------------------------------------------------------------------------------

  /**
   * A read that also says whether the customer has orders due for settlement: one query in the usual case; with
   * orders due, settle them, then read again.
   */
  async function readSettled<T extends { due: boolean }>(userId: number, read: () => Promise<T>) {
    const found = await read();
    if (!found.due) return found;
    await settleUser(userId);
    return read();
  }

  async function records(userId: number, q: { type: "all" | StatusName; tag?: string; page: number; limit: number }) {
    const now = deps.now();
    const status = q.type === "all" ? undefined : (STATUS_NAMES.indexOf(q.type) as OrderStatus);
    // A known symbol in any spelling finds its orders; anything else is compared upper-cased.
    const tag = q.tag ? (market.find(q.tag)?.symbol ?? q.tag.toUpperCase()) : undefined;
    const filter = { status, tag, offset: (q.page - 1) * q.limit, limit: q.limit };
    // A fill or an expiry changes the records (docs/decisions/0560-paged-reads-with-their-figures-in-one-query.md).
    const page = await readSettled(userId, () => ordersPageAndDue(db, userId, filter, now));
    return { rows: page.rows.map(dealRow), count: page.count };
  }

  async function positions(userId: number, q: { markets?: MarketCode[]; tag?: string; page: number; limit: number }) {
    const now = deps.now();
    // A known symbol in any spelling ("gc=f") finds its lots; anything else is compared upper-cased.
    const tag = q.tag ? (market.find(q.tag)?.symbol ?? q.tag.toUpperCase()) : undefined;
    const filter = { markets: q.markets, tag, offset: (q.page - 1) * q.limit, limit: q.limit };
    // A fill may add a lot.
    const { rows, count } = await readSettled(userId, () => lotsPageAndDue(db, userId, filter, now));
    return {
      rows: rows.map((lot) => {
        const price = new Decimal(lot.price);
        const current = priceAt({ symbol: lot.tag }, now);
        const marketValue = money(current.times(lot.remaining));
        const costValue = money(price.times(lot.remaining));
        const profit = marketValue.minus(costValue);
        // In the wallet's currency: worth now at today's rate, cost at the rate the lot was bought at.
        const rate = fx.conversion(lot.market, now);
        const walletMarketValue = money(current.times(lot.remaining).times(rate.rate));
        const walletCostValue = money(price.times(lot.remaining).times(lot.fx_rate));
        return {
          id: lot.id,
          no: lot.no,
          tag: lot.tag,
          name: lot.name,
          market: lot.market,
          mold: lot.mold,
          count: lot.remaining,
          bought_count: lot.count,
          price: Number(lot.price),
          current_price: current.toNumber(),
          market_value: marketValue.toFixed(2),
          cost_value: costValue.toFixed(2),
          profit: profit.toFixed(2),
          profit_percent: costValue.isZero()
            ? 0
            : profit.div(costValue).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber(),
          precision: market.find(lot.tag)?.precision ?? 2,
          created_at: lot.created_at.toISOString(),
          filled_at: iso(lot.filled_at),
          fx_rate: rate.rate.toNumber(),
          fx_source: rate.source,
          fx_at: now.toISOString(),
          cost_fx_rate: Number(lot.fx_rate),
          wallet_market_value: walletMarketValue.toFixed(2),
          wallet_cost_value: walletCostValue.toFixed(2),
          wallet_profit: walletMarketValue.minus(walletCostValue).toFixed(2),
        };
      }),
      count,
    };
  }

  /**
   * money + money held (pending buys, pending IPO applications, active fund investments, withdrawals in progress;
   * docs/product.md#wallet) + market value of shares held (reserved ones included), all in wallet money.
   * Two queries in the usual case (the caller's user row, then holdings with the due check); with orders due for
   * settlement, settle first and read the money and holdings again.
   */
  async function totals(user: User) {
    const now = deps.now();
    let cash = user.money;
    let found = await holdingsAndDue(db, user.id, now);
    if (found.due) {
      await settleUser(user.id);
      cash = (await findMoney(db, user.id)) ?? user.money;
      found = await holdingsAndDue(db, user.id, now);
    }
    const { shares, holds } = found;
    const held = Object.values(holds).reduce((sum, part) => sum.plus(part), new Decimal(0));
    let marketValue = new Decimal(0);
    for (const s of shares) {
      const inst = market.find(s.tag);
      const rate = inst ? fx.conversion(inst.market, now).rate : 1;
      marketValue = marketValue.plus(money(priceAt({ symbol: s.tag }, now).times(s.shares).times(rate)));
    }
    return {
      money: cash,
      held: held.toFixed(2),
      holds,
      market_value: marketValue.toFixed(2),
      total: new Decimal(cash).plus(held).plus(marketValue).toFixed(2),
    };
  }

  return {
    placeOrder,
    sell,
    cancel,
    expireNow,
    modify,
    preview,
    rules,
    settle,
    tick,
    records,
    positions,
    totals,
    findOrderById: (id: number) => findOrderById(db, id),
  };
}

export type Trading = ReturnType<typeof createTrading>;
