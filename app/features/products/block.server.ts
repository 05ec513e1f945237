/**
 * Block trading (`/block-trading`, mold bulk) and QIP (`/qip`, mold finalize): one screen, two lists
 * (docs/product.md#block-trading). The state is the URL (docs/decisions/0100, 0135):
 * - `?code=&page=`: the offers, searched by stock code ('Please enter stock code to search' for a blank search);
 * - `&buy=<offer id>&quantity=`: the buy step (a page without JS, a dialog with it); `&step=up|down` is a − / +
 *   press without JS, stepped here within the offer's minimum and what the balance buys;
 * - `&step=review&key=<idempotency key>`: "check your purchase", the key minted once by the Review POST; the
 *   transaction password is asked for on the review and only ever travels in the Confirm's body.
 */
import { parseWithZod } from "@conform-to/zod";
import { json, redirect } from "@remix-run/node";

import { refuse, submitToProvider, toReview } from "~/forms/action.server";
import { formConstraint } from "~/forms/constraint.server";
import { IDEMPOTENCY_KEY } from "~/forms/idempotency";
import { NO_STORE } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import {
  appliedConversion,
  currencyName,
  formatRate,
  walletConversion,
  walletCurrencies,
  type WalletConversion,
} from "~/i18n/currency";
import { formatClockTime } from "~/i18n/format";
import { getTransactionPasswordState } from "~/provider/account.server";
import { attempt, failureMessage, logFailure } from "~/provider/failures.server";
import {
  buyBlockOffer,
  findBlockOffer,
  getBalance,
  getBlockOffers,
  offerFigures,
  type BlockDealRow,
  type BlockMold,
  type OfferFigures,
} from "~/provider/products.server";
import { DEFAULT_FEE_RATE, getFeeRate } from "~/provider/trading.server";
import type { Toast } from "~/session/toast";
import { orderEstimate, walletEstimate, type OrderEstimate } from "~/utils/estimate";
import { pageInfo, readPage, type PageInfo } from "~/utils/pagination";
import { requireUserContext, type UserRequestContext } from "~/utils/request.server";

import type { BlockLimits } from "./block.schema";
import { BLOCK_HREFS } from "./molds";
import { PASSWORD_REFUSALS, purchaseConfirm, purchaseToast } from "./purchase.server";
import { BLOCK_STEP, blockMaximum, boundBroken, readQuantity, stepWithin, type QuantityStepData } from "./quantity";

const MAX_CODE = 32;

/** What bounds a purchase of one offer: the buy step shows it, the review and the purchase check against it. */
interface Limits {
  offer: OfferFigures;
  /** The available balance, or null when it could not be read (the provider still checks the money). */
  balance: string | null;
  feeRate: string;
  /**
   * What the balance buys at the block price with the fee, in wallet money at the provider's rate for an offer in
   * another currency; null when the balance, or that rate, is unknown.
   */
  maximum: number | null;
  /** Set when the offer's currency is not the wallet's (a US offer on INR; docs/decisions/0300). */
  exchange: Exchange | null;
  /** False: no transaction password yet, so nothing can be bought (the screen links to where it is set). */
  passwordSet: boolean;
}

/** The quantity step; its quantity starts at the offer's minimum. */
export interface BuyStep extends QuantityStepData, Limits {}

/**
 * How an offer in another currency reaches the wallet: the provider converts a purchase at the rate its offer row
 * names (the simulator's pair of that instant, or the operator's rate for the offer; docs/decisions/0145, 0300).
 */
export interface Exchange {
  /** The offer's and the wallet's currency ("USD", "INR"). */
  from: string;
  to: string;
  /** The rate a purchase would use now, its source and time; null when the provider has none (it answers rete_no). */
  conversion: WalletConversion | null;
  /** True for a market pair, which moves until the purchase goes through; false for the operator's fixed rate. */
  moves: boolean;
  /** The rate with its source and time in words (made by the server), or null without a rate. */
  words: string | null;
}

export interface BlockReview {
  key: string;
  quantity: number;
  /** In the offer's currency. */
  estimate: OrderEstimate;
  /**
   * For an offer in another currency with a known rate: the same in wallet money, computed as the provider converts
   * a purchase (price × quantity × rate and the fee on that, each rounded once; docs/decisions/0300).
   */
  wallet: OrderEstimate | null;
  /** The available balance (null when unknown, or for an offer in the wallet's currency, whose maximum bounds it). */
  balance: string | null;
  /** For an offer in another currency: the currencies, the rate, its source and time in words (made by the server). */
  rateNote: string | null;
}

export interface BlockScreenData extends PageInfo {
  mold: BlockMold;
  /** The search as searched (trimmed). */
  code: string;
  codeError: string | null;
  offers: OfferFigures[];
  /** The list could not be read: its own message and a retry. */
  failed: boolean;
  /** The buy step of `?buy=`, or null. */
  buy: BuyStep | null;
  /** `?buy=` named an offer that is not (or no longer) offered. */
  buyGone: boolean;
  review: BlockReview | null;
}

/** The simulator's pair (`simulator:USDINR=X`) moves with the market; an operator's rate for one offer is fixed. */
const PAIR_RATE = /^simulator:(.+)$/;

/**
 * A purchase's rate in words, as the trading screens say an order's (docs/product.md#currency): "1 USD = 88.4507 INR,
 * market rate at 14:45", "1 USD = 88.25 INR, the rate set for this offer"; a source without words of its own is left
 * out, never shown raw. With the products' own strings: features never import each other (docs/decisions/0240).
 */
function rateWords(context: UserRequestContext, conversion: WalletConversion): string {
  const values = { from: conversion.from, to: conversion.to, rate: formatRate(conversion.rate, context.fmt) };
  if (PAIR_RATE.test(conversion.source) && conversion.at)
    return context.t("block.rateWords", { ...values, time: formatClockTime(conversion.at, context.fmt) });
  if (/^offer:/.test(conversion.source)) return context.t("block.rateWordsOffer", values);
  return context.t("block.rateWordsOnly", values);
}

/** The offer's exchange into the wallet's currency, or null when both are the same (docs/decisions/0300). */
function offerExchange(context: UserRequestContext, offer: OfferFigures): Exchange | null {
  const currencies = walletCurrencies(offer.market, context.fmt);
  if (!currencies) return null;
  const rate = offer.rate && offer.rate.source !== "same_currency" ? offer.rate : null;
  const moves = rate ? PAIR_RATE.test(rate.source) : true;
  const conversion = rate
    ? walletConversion(offer.market, context.fmt, {
        rate: rate.value,
        source: rate.source,
        // The offer row carries the pair's rate of the instant it was read: now.
        at: moves ? new Date().toISOString() : null,
      })
    : null;
  return { ...currencies, conversion, moves, words: conversion ? rateWords(context, conversion) : null };
}

/** The offer and what bounds a purchase of it: the balance's maximum and whether a transaction password exists. */
async function purchaseLimits(context: UserRequestContext, mold: BlockMold, id: number): Promise<Limits | null> {
  const [offer, balance, feeRate, password] = await Promise.all([
    attempt(findBlockOffer(context.provider, mold, id)),
    attempt(getBalance(context.provider)),
    attempt(getFeeRate(context.provider)),
    attempt(getTransactionPasswordState(context.provider)),
  ]);
  for (const [where, result] of [
    ["block offer", offer],
    ["balance", balance],
    ["fee rate", feeRate],
    ["transaction password", password],
  ] as const) {
    if (!result.ok) logFailure(where, result.failure);
  }
  if (!offer.ok || !offer.data) return null;
  const figures = offerFigures(offer.data, context.deployment);
  const rate = feeRate.ok ? feeRate.data : DEFAULT_FEE_RATE;
  const available = balance.ok ? balance.data : null;
  const exchange = offerExchange(context, figures);
  // In wallet money: a dollar price against a rupee balance would be off by the rate (docs/decisions/0300).
  const walletRate = exchange ? (exchange.conversion?.rate ?? null) : "1";
  return {
    offer: figures,
    balance: available,
    feeRate: rate,
    maximum:
      available === null || walletRate === null ? null : blockMaximum(available, figures.price, rate, walletRate),
    exchange,
    // Unknown is not "not set": the provider checks the password on Confirm either way.
    passwordSet: password.ok ? password.data.is_set : true,
  };
}

/** The upper bound a quantity is held to: what the balance buys, unless that is below the minimum or unknown. */
const upperBound = (limits: Limits) =>
  limits.maximum !== null && limits.maximum >= limits.offer.minimum ? limits.maximum : null;

/** What a review holds a quantity to: the offer's minimum and what the balance buys (below the minimum: nothing fits). */
const blockLimits = (limits: Limits): BlockLimits => ({ min: limits.offer.minimum, max: limits.maximum });

function readId(value: string | null): number | null {
  return value !== null && /^[0-9]{1,10}$/.test(value) ? Number(value) : null;
}

export async function loadBlockScreen(request: Request, mold: BlockMold) {
  const context = await requireUserContext(request, "products");
  const { t } = context;
  const query = new URL(request.url).searchParams;
  const rawCode = query.get("code");
  const code = (rawCode ?? "").trim().slice(0, MAX_CODE);
  const page = readPage(query.get("page"));
  const buyId = readId(query.get("buy"));

  const [list, limits] = await Promise.all([
    attempt(getBlockOffers(context.provider, { mold, code: code || undefined, page })),
    buyId === null ? Promise.resolve(null) : purchaseLimits(context, mold, buyId),
  ]);
  if (!list.ok) logFailure(`${mold} offers`, list.failure);
  const info = pageInfo(page, list.ok ? list.data.count : 0);
  if (list.ok && page > info.pageCount) throw redirect(BLOCK_HREFS[mold].screen({ code, page: info.pageCount }));

  const step = query.get("step");
  let buy: BuyStep | null = null;
  let review: BlockReview | null = null;
  if (limits) {
    const typed = query.get("quantity")?.slice(0, 12) ?? null;
    let quantity = typed ?? String(limits.offer.minimum);
    let stepNote: string | null = null;
    if (step === "up" || step === "down") {
      const stepped = stepWithin(typed, step, {
        min: limits.offer.minimum,
        max: upperBound(limits),
        step: BLOCK_STEP,
        start: limits.offer.minimum,
      });
      quantity = String(stepped.quantity);
      stepNote = stepped.bound ? boundMessage(context, limits, stepped.bound) : null;
    }
    const { createBlockConfirmSchema, createBlockReviewSchema } = await import("./block.schema");
    const constraint = {
      review: formConstraint(createBlockReviewSchema(t, blockLimits(limits))),
      confirm: formConstraint(createBlockConfirmSchema(t, blockLimits(limits))),
    };
    buy = { ...limits, quantity, stepNote, constraint };
    review = step === "review" ? blockReview(context, limits, query) : null;
  }
  const data: BlockScreenData = {
    ...info,
    mold,
    code,
    codeError: rawCode !== null && code === "" ? t("block.codeRequired") : null,
    offers: list.ok ? list.data.rows.map((row) => offerFigures(row, context.deployment)) : [],
    failed: !list.ok,
    buy,
    buyGone: buyId !== null && limits === null,
    review,
  };
  return json(data, { status: list.ok ? 200 : 503, headers: NO_STORE });
}

function boundMessage(context: UserRequestContext, limits: Limits, bound: "min" | "max"): string {
  return bound === "min"
    ? context.t("buy.belowMinimum", { min: limits.offer.minimum })
    : context.t("buy.aboveMaximum", { max: limits.maximum ?? 0 });
}

/**
 * The review the URL describes, or null when it is not a whole quantity of at least the minimum with its key, or is
 * more than the balance buys (docs/product.md#block-trading): then the buy step says why on the quantity field, as a
 * Review would have, and no Confirm is offered for money the wallet does not have.
 */
function blockReview(context: UserRequestContext, limits: Limits, query: URLSearchParams): BlockReview | null {
  const key = query.get("key") ?? "";
  const quantity = readQuantity(query.get("quantity"));
  if (!IDEMPOTENCY_KEY.test(key) || quantity === null || boundBroken(quantity, limits.offer.minimum, limits.maximum))
    return null;
  const { offer, feeRate, exchange } = limits;
  const estimate = orderEstimate({ side: "buy", price: offer.price, quantity, feeRate });
  const conversion = exchange?.conversion ?? null;
  return {
    key,
    quantity,
    estimate,
    // As the provider charges it (provider/services/block-trades.ts, blockFigures): the fee on the converted amount.
    wallet: conversion
      ? walletEstimate({ side: "buy", price: offer.price, quantity, feeRate, rate: conversion.rate })
      : null,
    balance: exchange ? limits.balance : null,
    rateNote: exchange ? rateNote(context, exchange) : null,
  };
}

/** The review's words on the currencies and the rate its wallet figures use (or that the provider has none yet). */
function rateNote(context: UserRequestContext, exchange: Exchange): string {
  const names = {
    from: exchange.from,
    to: exchange.to,
    fromName: currencyName(exchange.from, context.fmt),
    toName: currencyName(exchange.to, context.fmt),
  };
  if (!exchange.words) return context.t("block.noRateNote", names);
  const rate = exchange.words;
  return exchange.moves
    ? context.t("block.rateNote", { ...names, rate })
    : context.t("block.fixedRateNote", { ...names, rate });
}

/** "Review purchase" and the review's "Confirm purchase". */
export async function blockAction(request: Request, mold: BlockMold) {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "products");
  const { t } = context;
  const query = new URL(request.url).searchParams;
  const listQuery = {
    code: query.get("code")?.trim().slice(0, MAX_CODE) || undefined,
    page: readPage(query.get("page")),
  };
  const formData = await request.formData();
  const confirming = formData.get("intent") === "confirm";
  const id = readId(typeof formData.get("buy") === "string" ? (formData.get("buy") as string) : null);
  const limits = id === null ? null : await purchaseLimits(context, mold, id);

  const { createBlockConfirmSchema, createBlockReviewSchema } = await import("./block.schema");
  if (!confirming) {
    const submission = parseWithZod(formData, {
      schema: createBlockReviewSchema(t, limits ? blockLimits(limits) : { min: 1, max: null }),
    });
    if (!limits) return refuse(submission, { form: "amount", formErrors: [t("buy.offerGone")] });
    if (submission.status !== "success") return refuse(submission, { form: "amount" });
    if (!limits.passwordSet) return refuse(submission, { form: "amount", formErrors: [t("buy.noPassword")] });
    // An offer whose window has not opened: the provider's own words for it (docs/product.md#errors).
    if (limits.offer.status !== 1)
      return refuse(submission, { form: "amount", formErrors: [failureMessage(t, "time_no")] });
    const { quantity } = submission.value;
    // A new intent: its idempotency key is minted here, once, and travels in the review's URL from now on.
    return toReview(context.provider, (key) =>
      BLOCK_HREFS[mold].screen({ ...listQuery, item: id, quantity, step: "review", key }),
    );
  }

  const submission = parseWithZod(formData, {
    schema: createBlockConfirmSchema(t, limits ? blockLimits(limits) : { min: 1, max: null }),
  });
  const confirm = purchaseConfirm(t);
  if (!limits) return refuse(submission, { ...confirm, formErrors: [t("buy.offerGone")] });
  if (submission.status !== "success") return refuse(submission, confirm);
  const offer = limits.offer;
  return submitToProvider(submission, {
    ...confirm,
    ...PASSWORD_REFUSALS,
    t,
    where: `${mold} buy`,
    call: (order) =>
      buyBlockOffer(context.provider, {
        mold,
        id: offer.id,
        tag: offer.symbol,
        count: order.quantity,
        price: offer.price,
        stockPassword: order.stock_password,
        idempotencyKey: order.idempotency_key,
      }),
    success: (deal) => ({ to: BLOCK_HREFS[mold].orders(), toast: purchasedToast(context, offer, deal) }),
    message: (failure) => failureMessage(t, failure, "products:errors.purchaseFailed"),
  });
}

/** The purchase's toast: in the offer's currency and, for an offer in another, the wallet's (docs/decisions/0300). */
function purchasedToast(context: UserRequestContext, offer: OfferFigures, deal: BlockDealRow): Toast {
  const keys = { plain: "products:toast.purchased", converted: "products:toast.purchasedConverted" };
  const amounts = { price: deal.price, cost: deal.amount };
  return purchaseToast(context.fmt, keys, offer, deal, amounts, appliedRate(context, offer.market, deal));
}

/**
 * The rate a deal row says the provider applied, in words (at the purchase's time), or null for an offer in the
 * wallet's currency or a deal without a rate.
 */
export function appliedRate(
  context: UserRequestContext,
  market: string,
  deal: Pick<BlockDealRow, "fx_rate" | "fx_source" | "created_at">,
): string | null {
  const applied = appliedConversion(market, context.fmt, deal);
  return applied && rateWords(context, applied);
}
