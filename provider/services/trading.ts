import { createHash } from "node:crypto";

import Decimal from "decimal.js";

import type { Deployment } from "../config";
import { billRef } from "./bill-refs";
import { createFx, type FxConversion } from "./fx";
import { applyBalanceChange } from "./ledger";
import { toMoneyString } from "./money";
import { iso, newOrderNo } from "./products-common";
import { configDecimal } from "./wallet";
import type { DB, Executor } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { findIdempotencyKey, insertIdempotencyKey } from "../db/repositories/idempotency-keys";
import {
  dueOrders,
  findOrderById,
  holdingsAndDue,
  insertOrder,
  listOrders,
  lockOrderById,
  lockOrderByNo,
  lotsPageAndDue,
  updateOrder,
} from "../db/repositories/orders";
import { findMoney, lockUser } from "../db/repositories/users";
import type { MarketCode } from "../db/tables/instruments";
import type { OrderRow, OrderState, OrderStatus } from "../db/tables/orders";
import type { User } from "../db/tables/users";
import { invalidInput, ProviderError } from "../errors";
import type { MarketHours } from "../market/hours";
import type { Instrument, MarketSource } from "../market/source";

/*
 * Orders, positions and settlement. Every money movement is one transaction that first locks the account row
 * (which also serialises a user's submissions, so idempotency keys are race-safe), then the order rows.
 * See docs/decisions/0014-order-lifecycle-and-funds-hold.md and 0015-idempotency-keys.md.
 *
 * Money of a trade priced in another currency than the wallet's (a US stock on INR) is converted at the rate of
 * the simulator's forex pair at the fill (a pending buy's hold: at placement, with the 10 % margin); the order
 * keeps the rate, its source and instant, and its figures in both currencies (docs/decisions/0145).
 */

/** A pending buy holds this much more than its price at placement, so a higher opening price is still covered. */
export const HOLD_MARGIN = new Decimal("0.10");
export const STATUS_NAMES = ["pending", "success", "cancelled", "expired"] as const;
export type StatusName = (typeof STATUS_NAMES)[number];

const money = (v: Decimal.Value) => new Decimal(toMoneyString(v));

/**
 * An order's money in its own currency and in the wallet's. Each product is rounded once, half-up: the wallet
 * total is price × count × rate rounded, and the wallet fee is fee_rate × price × count × rate rounded – the fee
 * is taken on the converted amount, not converted from the rounded stock-currency fee. `feeRate` is the config's
 * fee_rate when the order is placed or filled.
 */
function orderMoney(side: "buy" | "sell", price: Decimal, count: number, fx: FxConversion, feeRate: Decimal) {
  const feeOf = (notional: Decimal) => money(feeRate.times(notional));
  const notional = price.times(count);
  const walletNotional = notional.times(fx.rate);
  const net = (all: Decimal, fee: Decimal) => (side === "buy" ? all.plus(fee) : Decimal.max(all.minus(fee), 0));
  const priceAll = money(notional);
  const fee = feeOf(notional);
  const walletPriceAll = money(walletNotional);
  const walletFee = feeOf(walletNotional);
  return {
    price_all: priceAll.toFixed(2),
    fee: fee.toFixed(2),
    amount: net(priceAll, fee).toFixed(2),
    wallet_price_all: walletPriceAll.toFixed(2),
    wallet_fee: walletFee.toFixed(2),
    wallet_amount: net(walletPriceAll, walletFee).toFixed(2),
    fx_rate: fx.rate.toString(),
    fx_source: fx.source,
    fx_at: fx.at,
  };
}

/** What a bill says about the money: the stock-currency price and, when converted, the rate and its source. */
function billReason(what: string, price: Decimal, fx: FxConversion, no: string, walletFee: string) {
  return fx.source === "same_currency"
    ? `${what} @ ${price} (order ${no}, fee ${walletFee})`
    : `${what} @ ${price} ${fx.currency} at ${fx.rate} ${fx.walletCurrency}/${fx.currency} (${fx.source}) (order ${no}, fee ${walletFee} ${fx.walletCurrency})`;
}

export function dealRow(o: OrderRow) {
  return {
    id: o.id,
    no: o.no,
    tag: o.tag,
    name: o.name,
    type: o.market,
    mold: o.mold,
    state: o.state,
    count: o.count,
    price: Number(o.price),
    sell_price: o.sell_price === null ? null : Number(o.sell_price),
    price_all: o.price_all,
    fee: o.fee,
    amount: o.amount,
    profit: o.profit,
    status: o.status,
    status_name: STATUS_NAMES[o.status],
    held: o.held,
    position_no: o.position_no,
    reason: o.reason,
    created_at: o.created_at.toISOString(),
    filled_at: iso(o.filled_at),
    expires_at: iso(o.expires_at),
    fx_rate: Number(o.fx_rate),
    fx_source: o.fx_source,
    fx_at: iso(o.fx_at ?? o.filled_at ?? o.created_at),
    wallet_price_all: o.wallet_price_all ?? o.price_all,
    wallet_fee: o.wallet_fee ?? o.fee,
    wallet_amount: o.wallet_amount ?? o.amount,
  };
}
export type DealRow = ReturnType<typeof dealRow>;

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

const fingerprintOf = (parts: unknown[]) => createHash("sha256").update(JSON.stringify(parts)).digest("hex");

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

  // ---- placing ---------------------------------------------------------------------------------------------

  async function placeOrder(
    userId: number,
    input: { tag: string; count: number; mold: "stock"; state: "buy"; market?: MarketCode; idempotencyKey: string },
  ): Promise<DealRow> {
    await settleUser(userId);
    const inst = tradable(input.tag);
    requireMarket(input.market, inst.market);
    const fp = fingerprintOf(["order", inst.symbol, input.count, input.mold, input.state]);
    return idempotent(userId, input.idempotencyKey, fp, async (trx, now) => {
      const price = priceAt(inst, now);
      const rate = fx.conversion(inst.market, now);
      const feeRate = await configDecimal(trx, "fee_rate", deps);
      const figures = orderMoney("buy", price, input.count, rate, feeRate);
      const of = { tag: inst.symbol, name: inst.name, market: inst.market, mold: input.mold };
      const base = {
        ...newOrder(userId, of, "buy", input.count, now),
        price: price.toString(),
        sell_price: null,
        ...figures,
        profit: null,
      };
      if (hours.isOpen(inst, now)) {
        const order = await insertOrder(trx, {
          ...base,
          status: 1,
          remaining: input.count,
          opens_at: now,
          filled_at: now,
        });
        await debit(
          trx,
          userId,
          order.no,
          new Decimal(figures.wallet_amount),
          billReason(`Buy ${input.count} ${inst.symbol}`, price, rate, order.no, figures.wallet_fee),
          now,
        );
        return order;
      }
      // Pending: the hold is in wallet money at the placement's rate, with the margin covering price and rate moves.
      const session = hours.nextSession(inst, now)!;
      const reserve = price.times(input.count).times(rate.rate).times(HOLD_MARGIN.plus(1));
      const held = new Decimal(reserve.plus(feeRate.times(reserve)).toFixed(2, Decimal.ROUND_UP));
      const order = await insertOrder(trx, {
        ...base,
        status: 0,
        held: held.toFixed(2),
        opens_at: session.open,
        expires_at: session.close,
      });
      await debit(trx, userId, order.no, held, `Hold for order ${order.no} (buy ${input.count} ${inst.symbol})`, now);
      return order;
    });
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

  function sellFigures(costPrice: Decimal, sellPrice: Decimal, count: number, rate: FxConversion, feeRate: Decimal) {
    return {
      sell_price: sellPrice.toString(),
      ...orderMoney("sell", sellPrice, count, rate, feeRate),
      profit: money(sellPrice.minus(costPrice).times(count)).toFixed(2),
    };
  }

  async function sell(
    userId: number,
    input: { no: string; count?: number; market?: MarketCode; idempotencyKey: string },
  ): Promise<DealRow> {
    await settleUser(userId);
    const fp = fingerprintOf(["sell", input.no, input.count ?? "all"]);
    return idempotent(userId, input.idempotencyKey, fp, async (trx, now) => {
      const lot = await lockOrderByNo(trx, userId, input.no);
      if (!lot || lot.state !== "buy" || lot.status !== 1)
        throw new ProviderError("not_found", "no such position", "no");
      requireMarket(input.market, lot.market);
      const count = input.count ?? lot.remaining;
      if (count < 1 || count > lot.remaining) {
        throw new ProviderError("count_exceeds_position", `at most ${lot.remaining} can be sold`, "count");
      }
      const inst = market.find(lot.tag);
      if (!inst) throw new ProviderError("not_found", "instrument no longer exists", "no");
      const sellPrice = priceAt(inst, now);
      const rate = fx.conversion(lot.market, now);
      const figures = sellFigures(
        new Decimal(lot.price),
        sellPrice,
        count,
        rate,
        await configDecimal(trx, "fee_rate", deps),
      );
      await updateOrder(trx, lot.id, { remaining: lot.remaining - count });
      const base = {
        ...newOrder(userId, lot, "sell", count, now),
        price: lot.price,
        ...figures,
        position_id: lot.id,
        position_no: lot.no,
      };
      if (hours.isOpen(inst, now)) {
        const order = await insertOrder(trx, { ...base, status: 1, opens_at: now, filled_at: now });
        await credit(
          trx,
          userId,
          order.no,
          new Decimal(figures.wallet_amount),
          billReason(`Sell ${count} ${lot.tag}`, sellPrice, rate, order.no, figures.wallet_fee),
          now,
        );
        return order;
      }
      const session = hours.nextSession(inst, now)!;
      return insertOrder(trx, { ...base, status: 0, opens_at: session.open, expires_at: session.close });
    });
  }

  // ---- cancelling and settling -----------------------------------------------------------------------------

  /** Returns what a pending order holds: the cash of a buy, the shares of a sell. */
  async function release(trx: Executor, order: OrderRow, reason: string, now: Date) {
    if (order.state === "buy") {
      await credit(trx, order.user_id, order.no, new Decimal(order.held), reason, now);
    } else if (order.position_id !== null) {
      const lot = await lockOrderById(trx, order.position_id);
      if (lot) await updateOrder(trx, lot.id, { remaining: lot.remaining + order.count });
    }
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
      return updateOrder(trx, order.id, { status: 2, held: "0.00", reason: "cancelled_by_user", closed_at: now });
    });
  }

  /** Fills or expires one pending order if it is due at `now`. Returns true when it changed. */
  async function settleOrder(orderId: number, userId: number, now: Date): Promise<boolean> {
    try {
      return await db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        const order = await lockOrderById(trx, orderId);
        if (!order || order.status !== 0 || order.opens_at.getTime() > now.getTime()) return false;
        if (order.expires_at && now.getTime() >= order.expires_at.getTime()) {
          await release(trx, order, `Order ${order.no} expired: hold released`, now);
          await updateOrder(trx, order.id, {
            status: 3,
            held: "0.00",
            reason: "session_ended",
            closed_at: order.expires_at,
          });
          return true;
        }
        const at = order.opens_at;
        const price = priceAt({ symbol: order.tag }, at);
        // Filled at the opening instant: its price and its exchange rate.
        const rate = fx.conversion(order.market, at);
        const feeRate = await configDecimal(trx, "fee_rate", deps);
        if (order.state === "buy") {
          const figures = orderMoney("buy", price, order.count, rate, feeRate);
          await credit(
            trx,
            order.user_id,
            order.no,
            new Decimal(order.held),
            `Order ${order.no} filled: hold released`,
            now,
          );
          await debit(
            trx,
            order.user_id,
            order.no,
            new Decimal(figures.wallet_amount),
            billReason(`Buy ${order.count} ${order.tag}`, price, rate, order.no, figures.wallet_fee),
            now,
          );
          await updateOrder(trx, order.id, {
            status: 1,
            price: price.toString(),
            ...figures,
            held: "0.00",
            remaining: order.count,
            filled_at: at,
          });
        } else {
          const figures = sellFigures(new Decimal(order.price), price, order.count, rate, feeRate);
          await credit(
            trx,
            order.user_id,
            order.no,
            new Decimal(figures.wallet_amount),
            billReason(`Sell ${order.count} ${order.tag}`, price, rate, order.no, figures.wallet_fee),
            now,
          );
          await updateOrder(trx, order.id, { status: 1, ...figures, filled_at: at });
        }
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

  // ---- reading ---------------------------------------------------------------------------------------------

  async function records(userId: number, q: { type: "all" | StatusName; page: number; limit: number }) {
    await settleUser(userId);
    const status = q.type === "all" ? undefined : (STATUS_NAMES.indexOf(q.type) as OrderStatus);
    const { rows, count } = await listOrders(db, userId, { status, offset: (q.page - 1) * q.limit, limit: q.limit });
    return { rows: rows.map(dealRow), count };
  }

  async function positions(userId: number, q: { markets?: MarketCode[]; tag?: string; page: number; limit: number }) {
    const now = deps.now();
    // A known symbol in any spelling ("gc=f") finds its lots; anything else is compared upper-cased.
    const tag = q.tag ? (market.find(q.tag)?.symbol ?? q.tag.toUpperCase()) : undefined;
    const filter = { markets: q.markets, tag, offset: (q.page - 1) * q.limit, limit: q.limit };
    // One query in the usual case; with orders due for settlement (a fill may add a lot), settle, then read again.
    let page = await lotsPageAndDue(db, userId, filter, now);
    if (page.due) {
      await settleUser(userId);
      page = await lotsPageAndDue(db, userId, filter, now);
    }
    const { rows, count } = page;
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
    settle,
    records,
    positions,
    totals,
    findOrderById: (id: number) => findOrderById(db, id),
  };
}

export type Trading = ReturnType<typeof createTrading>;
