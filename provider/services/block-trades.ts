import Decimal from "decimal.js";

import { stockMarkets } from "../config";
import { createFx, marketCurrency, type FxConversion } from "./fx";
import {
  findBlockDealByKey,
  findBlockOffer,
  insertBlockDeal,
  insertBlockOffer,
  listBlockDeals,
  listBlockOffers,
  lockBlockOffer,
  updateBlockDeal,
  updateBlockOffer,
  upsertFailedBlockDeal,
} from "../db/repositories/block-trades";
import { findIdempotencyKey } from "../db/repositories/idempotency-keys";
import { insertOrder } from "../db/repositories/orders";
import { lockUser } from "../db/repositories/users";
import type { BlockDeal, BlockDealStatus } from "../db/tables/block-deals";
import type { BlockMold, BlockOffer } from "../db/tables/block-offers";
import { invalidInput, ProviderError } from "../errors";
import { billRef } from "./bill-refs";
import { applyBalanceChange } from "./ledger";
import { toMoneyString } from "./money";
import { newOrderNo, type ProductDeps } from "./products-common";
import { verifyTransactionPassword } from "./security";
import { configDecimal } from "./wallet";
import { replayOrRun, walletFingerprint } from "./wallet-idempotency";

/*
 * Block trades (mold "bulk") and QIP (mold "finalize"): docs/decisions/0132.
 *
 * A purchase is checked in this order: the offer (`stock_key` when the id names no open offer of that mold and tag),
 * the minimum quantity (`invalid_input` on count), the transaction password (`password_no`, `password_not_set`,
 * `too_many_requests`; checked outside the transaction, decision 0073), then inside one transaction that locks the
 * account row: the offer's window (`time_no`), its exchange rate (`rete_no`) and the money (`not_sufficient_funds`).
 * An offer priced in another currency than the wallet's is converted (docs/decisions/0145) at the operator's rate for
 * the offer when it has `rate_required` (none set: `rete_no`), else at the simulator's forex pair of that instant.
 * A refusal from that last group is recorded as a failed deal (status 2) of the intent (its idempotency key).
 * A purchase whose key already completed answers its first reply before any of this; a copy that arrives while the
 * first is still running waits for it, so copies never count as transaction-password checks (docs/decisions/0185).
 * Success: one transaction debits price × count × rate (bill kind order) and the fee on it (bill kind fee), writes the lot
 * (`orders`, mold bulk/finalize, a position at the offer price) and the deal (status 1).
 */

/** Refusals of an authenticated, well-formed attempt: the customer sees them as a failed order. */
const RECORDED_FAILURES = new Set(["time_no", "rete_no", "not_sufficient_funds"]);
export const OFFER_STATUS_NAMES = ["upcoming", "open", "closed"] as const;
const DEAL_STATUS_NAMES: Record<BlockDealStatus, string> = { 1: "success", 2: "failed" };
const DEFAULT_WINDOW_DAYS = 7;

function offerStatus(o: BlockOffer, now: Date): 0 | 1 | 2 {
  if (o.closed_at || now.getTime() >= o.closes_at.getTime()) return 2;
  return now.getTime() < o.opens_at.getTime() ? 0 : 1;
}

/** `rate`: the conversion a purchase would use now, or null when there is none (it would answer rete_no). */
export function offerRow(o: BlockOffer, now: Date, rate: FxConversion | null) {
  const status = offerStatus(o, now);
  return {
    id: o.id,
    tag: o.tag,
    name: o.name,
    type: o.market,
    mold: o.mold,
    price: o.price,
    count: o.min_count,
    min_count: o.min_count,
    status,
    status_name: OFFER_STATUS_NAMES[status],
    opens_at: o.opens_at.toISOString(),
    closes_at: o.closes_at.toISOString(),
    rate_required: o.rate_required,
    currency: rate?.currency ?? null,
    exchange_rate: rate ? rate.rate.toString() : null,
    rate_source: rate?.source ?? null,
  };
}

export function blockDealRow(d: BlockDeal) {
  return {
    id: d.id,
    no: d.no,
    offer_id: d.offer_id,
    tag: d.tag,
    name: d.name,
    type: d.market,
    mold: d.mold,
    state: "buy" as const,
    count: d.count,
    price: d.price,
    price_all: d.price_all,
    fee: d.fee,
    amount: d.amount,
    fx_rate: d.exchange_rate === null ? null : Number(d.exchange_rate),
    fx_source: d.fx_source,
    wallet_price_all: d.wallet_price_all,
    wallet_fee: d.wallet_fee,
    wallet_amount: d.wallet_amount,
    status: d.status,
    status_name: DEAL_STATUS_NAMES[d.status],
    reason: d.reason,
    position_no: d.status === 1 ? d.no : null,
    created_at: d.created_at.toISOString(),
    updated_at: d.updated_at.toISOString(),
  };
}
export type BlockDealRow = ReturnType<typeof blockDealRow>;

/**
 * price × count, the fee on it and their sum in the offer's currency, and the same in wallet money at `rate`
 * (what a purchase debits). Each figure is one exact product rounded once, half-up; the wallet fee is taken on the
 * converted amount (as orders do, docs/decisions/0145).
 */
export function blockFigures(price: string, count: number, feeRate: Decimal, rate: Decimal | null) {
  const notional = new Decimal(price).times(count);
  const priceAll = new Decimal(toMoneyString(notional));
  const fee = new Decimal(toMoneyString(notional.times(feeRate)));
  const own = { price_all: priceAll.toFixed(2), fee: fee.toFixed(2), amount: toMoneyString(priceAll.plus(fee)) };
  if (!rate) return { ...own, wallet_price_all: null, wallet_fee: null, wallet_amount: null };
  const walletNotional = notional.times(rate);
  const walletPriceAll = new Decimal(toMoneyString(walletNotional));
  const walletFee = new Decimal(toMoneyString(walletNotional.times(feeRate)));
  return {
    ...own,
    wallet_price_all: walletPriceAll.toFixed(2),
    wallet_fee: walletFee.toFixed(2),
    wallet_amount: toMoneyString(walletPriceAll.plus(walletFee)),
  };
}

export interface BlockBuyInput {
  id: number;
  tag: string;
  count: number;
  mold: BlockMold;
  stockPassword: string;
  idempotencyKey: string;
}

export function createBlockTrades(deps: ProductDeps) {
  const { db, now, market } = deps;
  const markets = stockMarkets(deps.deployment);
  const fx = createFx(market, deps.deployment);

  /**
   * The conversion of an offer's money into the wallet's at `at`: the operator's rate when the offer requires one
   * (source "offer:<id>"), else the simulator's pair or "same_currency". `rete_no` when there is none.
   */
  function offerConversion(offer: BlockOffer, at: Date): FxConversion {
    if (!offer.rate_required) return fx.conversion(offer.market, at);
    if (offer.exchange_rate === null)
      throw new ProviderError("rete_no", "the exchange rate for this offer has not been updated");
    return {
      currency: marketCurrency(offer.market) ?? deps.deployment,
      walletCurrency: deps.deployment,
      rate: new Decimal(offer.exchange_rate),
      source: `offer:${offer.id}`,
      at,
    };
  }
  const conversionOrNull = (offer: BlockOffer, at: Date) => {
    try {
      return offerConversion(offer, at);
    } catch (error) {
      if (error instanceof ProviderError && error.code === "rete_no") return null;
      throw error;
    }
  };
  const row = (o: BlockOffer, at: Date) => offerRow(o, at, conversionOrNull(o, at));

  async function list(q: { mold: BlockMold; code?: string; page: number; limit: number }) {
    const at = now();
    const { rows, count } = await listBlockOffers(db, {
      mold: q.mold,
      markets,
      code: q.code,
      now: at,
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
    });
    return { rows: rows.map((o) => row(o, at)), count };
  }

  const sameTag = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

  /** The offer the request names, or `stock_key`: unknown, another mold or symbol, another deployment's market, withdrawn. */
  function requireOffer(offer: BlockOffer | undefined, input: Pick<BlockBuyInput, "mold" | "tag">): BlockOffer {
    if (
      !offer ||
      offer.mold !== input.mold ||
      !sameTag(offer.tag, input.tag) ||
      !markets.includes(offer.market) ||
      offer.closed_at
    ) {
      throw new ProviderError("stock_key", "no open offer with this id for this symbol", "id");
    }
    return offer;
  }

  /*
   * The purchases running in this process, one per intent (customer + idempotency key): a copy of one still running
   * (the app's retry after a timeout, a double submit, a burst) waits for it and then answers from its stored reply,
   * never reaching the transaction-password check, whose checks in flight count as failures (docs/decisions/0185).
   */
  const running = new Map<string, Promise<BlockDealRow>>();

  async function buy(userId: number, input: BlockBuyInput): Promise<BlockDealRow> {
    const intent = `${userId}:${input.idempotencyKey}`;
    for (let first = running.get(intent); first; first = running.get(intent)) await first.catch(() => undefined);
    // Nothing awaited between the look-up above and this: the next copy finds this run.
    const run = purchase(userId, input);
    running.set(intent, run);
    try {
      return await run;
    } finally {
      if (running.get(intent) === run) running.delete(intent);
    }
  }

  async function purchase(userId: number, input: BlockBuyInput): Promise<BlockDealRow> {
    const fingerprint = walletFingerprint([
      "block_buy",
      input.id,
      input.mold,
      input.tag.trim().toUpperCase(),
      input.count,
    ]);
    const key = input.idempotencyKey;
    // A replay answers before anything else: the offer may have closed since, the password was checked then, and a
    // limiter full of wrong passwords since must not turn a completed purchase into a refusal.
    const stored = await findIdempotencyKey(db, userId, key);
    if (stored) {
      if (stored.fingerprint !== fingerprint)
        throw invalidInput("idempotency_key", "idempotency_key was already used for a different request");
      return JSON.parse(stored.reply) as BlockDealRow;
    }

    const offer = requireOffer(await findBlockOffer(db, input.id), input);
    if (input.count < offer.min_count) {
      throw invalidInput("count", `at least ${offer.min_count} (the offer's minimum quantity)`);
    }
    try {
      await verifyTransactionPassword(db, userId, input.stockPassword, now());
    } catch (error) {
      if (error instanceof ProviderError)
        throw new ProviderError(error.code, error.message, "stock_password", error.status);
      throw error;
    }

    try {
      return await db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        const at = now();
        return replayOrRun(trx, { userId, key, fingerprint, at }, async () => {
          const current = requireOffer(await findBlockOffer(trx, input.id), input);
          if (at.getTime() < current.opens_at.getTime() || at.getTime() >= current.closes_at.getTime()) {
            throw new ProviderError("time_no", "the offer is not open for purchases at this time");
          }
          const conversion = offerConversion(current, at);
          const figures = blockFigures(
            current.price,
            input.count,
            await configDecimal(trx, "fee_rate", deps),
            conversion.rate,
          );
          const fxFields = {
            fx_rate: conversion.rate.toString(),
            fx_source: conversion.source,
            fx_at: at,
            wallet_price_all: figures.wallet_price_all!,
            wallet_fee: figures.wallet_fee!,
            wallet_amount: figures.wallet_amount!,
          };
          const lot = await insertOrder(trx, {
            no: newOrderNo(at),
            user_id: userId,
            tag: current.tag,
            name: current.name,
            market: current.market,
            mold: current.mold,
            state: "buy",
            count: input.count,
            price: current.price,
            sell_price: null,
            price_all: figures.price_all,
            fee: figures.fee,
            amount: figures.amount,
            ...fxFields,
            profit: null,
            status: 1,
            remaining: input.count,
            created_at: at,
            opens_at: at,
            filled_at: at,
          });
          const what = current.mold === "bulk" ? "Block trade" : "QIP";
          const converted =
            conversion.source === "same_currency"
              ? ""
              : ` ${conversion.currency} at ${conversion.rate} ${conversion.walletCurrency}/${conversion.currency} (${conversion.source})`;
          const { no } = lot;
          await applyBalanceChange(
            trx,
            userId,
            new Decimal(figures.wallet_price_all!).negated(),
            `${what}: buy ${input.count} ${current.tag} @ ${current.price}${converted} (order ${no})`,
            at,
            billRef("order", "order", no),
          );
          if (!new Decimal(figures.wallet_fee!).isZero()) {
            await applyBalanceChange(
              trx,
              userId,
              new Decimal(figures.wallet_fee!).negated(),
              `Fee for order ${no}`,
              at,
              billRef("fee", "order", no),
            );
          }
          const values = {
            offer_id: current.id,
            mold: current.mold,
            tag: current.tag,
            name: current.name,
            market: current.market,
            count: input.count,
            price: current.price,
            ...figures,
            exchange_rate: conversion.rate.toString(),
            fx_source: conversion.source,
            status: 1 as const,
            reason: null,
            order_id: lot.id,
            updated_at: at,
          };
          // A failed earlier attempt of this intent becomes the success (one row per intent).
          const failed = await findBlockDealByKey(trx, userId, key);
          const deal = failed
            ? await updateBlockDeal(trx, failed.id, { ...values, no })
            : await insertBlockDeal(trx, { ...values, no, user_id: userId, idempotency_key: key, created_at: at });
          return blockDealRow(deal);
        });
      });
    } catch (error) {
      if (error instanceof ProviderError && RECORDED_FAILURES.has(error.code))
        await recordFailure(userId, offer, input, error);
      throw error;
    }
  }

  /** The refused attempt as a failed deal (its own transaction: the purchase's was rolled back). */
  async function recordFailure(userId: number, offer: BlockOffer, input: BlockBuyInput, error: ProviderError) {
    await db.transaction().execute(async (trx) => {
      const at = now();
      // The rate as far as it is known (none for rete_no; time_no is decided before the rate is looked at).
      const conversion = error.code === "not_sufficient_funds" ? conversionOrNull(offer, at) : null;
      const figures = blockFigures(
        offer.price,
        input.count,
        await configDecimal(trx, "fee_rate", deps),
        conversion?.rate ?? null,
      );
      await upsertFailedBlockDeal(trx, {
        no: newOrderNo(at),
        user_id: userId,
        offer_id: offer.id,
        mold: offer.mold,
        tag: offer.tag,
        name: offer.name,
        market: offer.market,
        count: input.count,
        price: offer.price,
        ...figures,
        exchange_rate: conversion ? conversion.rate.toString() : null,
        fx_source: conversion?.source ?? null,
        status: 2,
        reason: error.code,
        idempotency_key: input.idempotencyKey,
        created_at: at,
        updated_at: at,
      });
    });
  }

  async function deals(
    userId: number,
    q: { mold: BlockMold; status: 0 | BlockDealStatus; page: number; limit: number },
  ) {
    const { rows, count } = await listBlockDeals(db, userId, {
      mold: q.mold,
      status: q.status === 0 ? undefined : q.status,
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
    });
    return { rows: rows.map(blockDealRow), count };
  }

  // ---- operator -------------------------------------------------------------------------------------------

  async function createOffer(input: {
    mold: BlockMold;
    tag: string;
    price: Decimal;
    min_count?: number;
    opens_at?: Date;
    closes_at?: Date;
    rate_required?: boolean;
    exchange_rate?: Decimal;
  }) {
    const inst = market.find(input.tag.trim());
    if (!inst || inst.kind !== "stock") throw new ProviderError("not_found", "not a listed stock", "tag");
    if (input.price.lessThanOrEqualTo(0)) throw invalidInput("price", "a positive price");
    if (
      (input.rate_required || input.exchange_rate) &&
      (marketCurrency(inst.market) ?? deps.deployment) === deps.deployment
    ) {
      throw invalidInput("rate_required", "an offer in the wallet's currency needs no exchange rate");
    }
    const at = now();
    const opensAt = input.opens_at ?? at;
    const closesAt = input.closes_at ?? new Date(opensAt.getTime() + DEFAULT_WINDOW_DAYS * 86_400_000);
    if (closesAt.getTime() <= opensAt.getTime()) throw invalidInput("closes_at", "the window must end after it opens");
    const offer = await insertBlockOffer(db, {
      mold: input.mold,
      tag: inst.symbol,
      name: inst.name,
      market: inst.market,
      price: toMoneyString(input.price),
      min_count: input.min_count ?? 100,
      opens_at: opensAt,
      closes_at: closesAt,
      rate_required: input.rate_required ?? false,
      exchange_rate: input.exchange_rate ? input.exchange_rate.toString() : null,
      created_at: at,
      updated_at: at,
    });
    return row(offer, at);
  }

  /** Withdraws an offer (purchases answer stock_key). Twice: already_processed. */
  async function closeOffer(id: number) {
    return db.transaction().execute(async (trx) => {
      const offer = await lockBlockOffer(trx, id);
      if (!offer) throw new ProviderError("not_found", "no such offer", "id");
      if (offer.closed_at) throw new ProviderError("already_processed", `offer ${id} is already closed`, "id");
      const at = now();
      return row(await updateBlockOffer(trx, id, { closed_at: at, updated_at: at }), at);
    });
  }

  /** Sets (updates) the exchange rate of an offer; an offer that needs one can be bought from then on. */
  async function setRate(id: number, rate: Decimal) {
    if (rate.lessThanOrEqualTo(0) || rate.decimalPlaces() > 6)
      throw invalidInput("rate", "a positive rate with at most 6 decimals");
    return db.transaction().execute(async (trx) => {
      const offer = await lockBlockOffer(trx, id);
      if (!offer) throw new ProviderError("not_found", "no such offer", "id");
      const at = now();
      if (!offer.rate_required)
        throw invalidInput("id", "this offer converts at the market's rate; it takes no rate of its own");
      return row(await updateBlockOffer(trx, id, { exchange_rate: rate.toString(), updated_at: at }), at);
    });
  }

  return { list, buy, deals, createOffer, closeOffer, setRate };
}

export type BlockTrades = ReturnType<typeof createBlockTrades>;
