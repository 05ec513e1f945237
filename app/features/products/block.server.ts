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
import { IDEMPOTENCY_KEY } from "~/forms/idempotency";
import { NO_STORE } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { currencyName, walletConversion } from "~/i18n/currency";
import { formatInteger, formatMarketMoney } from "~/i18n/format";
import { getTransactionPasswordState } from "~/provider/account.server";
import { attempt, failureMessage, logFailure } from "~/provider/failures.server";
import {
  buyBlockOffer,
  findBlockOffer,
  getBalance,
  getBlockOffers,
  offerFigures,
  type BlockMold,
  type OfferFigures,
} from "~/provider/products.server";
import { DEFAULT_FEE_RATE, getFeeRate } from "~/provider/trading.server";
import { money, toBig } from "~/utils/decimal";
import { orderEstimate, type OrderEstimate } from "~/utils/estimate";
import { pageInfo, readPage, type PageInfo } from "~/utils/pagination";
import { requireUserContext, type UserRequestContext } from "~/utils/request.server";

import { BLOCK_HREFS } from "./molds";
import { PASSWORD_REFUSALS, purchaseConfirm } from "./purchase.server";
import { BLOCK_STEP, blockMaximum, boundBroken, readQuantity, stepWithin, type QuantityStepData } from "./quantity";
import { createBlockConfirmSchema, createBlockReviewSchema, type BlockLimits } from "./schemas";

const MAX_CODE = 32;

/** The quantity step; its quantity starts at the offer's minimum. */
export interface BuyStep extends QuantityStepData {
  offer: OfferFigures;
  /** The available balance, or null when it could not be read (the provider still checks the money). */
  balance: string | null;
  feeRate: string;
  /** What the balance buys at the block price with the fee; null when the balance is unknown. */
  maximum: number | null;
  /** False: no transaction password yet, so nothing can be bought (the screen links to where it is set). */
  passwordSet: boolean;
}

export interface BlockReview {
  key: string;
  quantity: number;
  estimate: OrderEstimate;
  /**
   * Set when the offer's currency is not the wallet's: what the wallet is charged and how (docs/decisions/0102; the
   * provider converts no block or QIP purchase, so today it is the same figure).
   */
  conversion: { walletAmount: string; note: string } | null;
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

interface Limits {
  offer: OfferFigures;
  balance: string | null;
  feeRate: string;
  maximum: number | null;
  passwordSet: boolean;
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
  return {
    offer: figures,
    balance: available,
    feeRate: rate,
    maximum: available === null ? null : blockMaximum(available, figures.price, rate),
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
    buy = { ...limits, quantity, stepNote };
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

/** The review the URL describes, or null when it is not a whole quantity of at least the minimum with its key. */
function blockReview(context: UserRequestContext, limits: Limits, query: URLSearchParams): BlockReview | null {
  const key = query.get("key") ?? "";
  const quantity = readQuantity(query.get("quantity"));
  if (!IDEMPOTENCY_KEY.test(key) || quantity === null || boundBroken(quantity, limits.offer.minimum, null)) return null;
  const estimate = orderEstimate({ side: "buy", price: limits.offer.price, quantity, feeRate: limits.feeRate });
  const conversion = walletConversion(limits.offer.market, context.fmt);
  return {
    key,
    quantity,
    estimate,
    conversion: conversion && {
      walletAmount: money(toBig(estimate.net).times(conversion.rate)),
      note: context.t("review.conversionNote", {
        from: conversion.from,
        to: conversion.to,
        rate: conversion.rate,
        fromName: currencyName(conversion.from, context.fmt),
        toName: currencyName(conversion.to, context.fmt),
      }),
    },
  };
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
    return toReview((key) => BLOCK_HREFS[mold].screen({ ...listQuery, item: id, quantity, step: "review", key }));
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
    success: (deal) => ({
      to: BLOCK_HREFS[mold].orders(),
      toast: {
        key: "products:toast.purchased",
        values: {
          qty: formatInteger(deal.count, context.fmt),
          symbol: offer.display,
          price: formatMarketMoney(deal.price, context.fmt, offer.market),
          cost: formatMarketMoney(deal.amount, context.fmt, offer.market),
        },
      },
    }),
    message: (failure) => failureMessage(t, failure, "products:errors.purchaseFailed"),
  });
}
