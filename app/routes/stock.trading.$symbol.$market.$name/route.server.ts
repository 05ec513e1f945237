/**
 * The buy/sell screen's server half (docs/product.md#trading, decisions 0100, 0101): the loader reads the
 * instrument, the customer's lots, the fee rate and, for a review, the wallet's exchange rate; the action checks an
 * order ("Review order" → the review's URL with a new idempotency key) and places it ("Confirm", with that key).
 * route.tsx re-exports `loader` and `action`.
 */
import type { SubmissionResult } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";

import { displaySymbol } from "~/deployment";
import {
  MIN_QUANTITY,
  quantityWarning,
  quantityWarningText,
  readPositionType,
  readQuantity,
  readSide,
  stepQuantity,
  type PositionType,
  type Side,
} from "~/features/trading/order";
import { ORDER_TYPES, VALIDITIES, takesLimit, takesTrigger, type OrderType } from "~/features/trading/order-types";
import {
  dealToast,
  loadLots,
  orderTarget,
  rateConversion,
  requireInstrument,
  reviewRate,
  type OrderTarget,
  type ReviewRate,
} from "~/features/trading/order.server";
import { fixedFormConstraint } from "~/forms/constraint.server";
import { IDEMPOTENCY_KEY } from "~/forms/idempotency";
import { NO_STORE } from "~/http/no-store";
import { requireSameOrigin } from "~/http/security.server";
import { formatInteger, formatMarketMoney } from "~/i18n/format";
import { attempt, classifyFailure, failureMessage, logFailure, requireData } from "~/provider/failures.server";
import type { Quote } from "~/provider/market.server";
import {
  feeRateOf,
  getDealRules,
  getFeeRate,
  placeBuyOrder,
  previewOrder,
  sellPosition,
  type DealRules,
  type OrderTerms,
  type PositionFigures,
} from "~/provider/trading.server";
import { mintReviewKey } from "~/session/review-key.server";
import { redirectWithToast } from "~/session/toast.server";
import { orderEstimate, walletEstimate } from "~/utils/estimate";
import { orderHref } from "~/utils/hrefs";
import { requireUserContext, type UserRequestContext } from "~/utils/request.server";

import type { OrderSchemaOptions } from "./schema";
import type { FormTerms, OrderPreview, ReviewFigures, TradingPageData } from "./types";

const PROVIDER_PRICE_CODES = new Set(["price_not_on_tick", "trigger_wrong_side", "limit_wrong_side"]);

/** The order kind the URL (or a posted form) names; anything unknown is a market order, the default. */
export function readTerms(read: (name: string) => string | null): FormTerms {
  const type = read("orderType") ?? "market";
  const validity = read("validity") ?? "day";
  return {
    orderType: (ORDER_TYPES as readonly string[]).includes(type) ? (type as OrderType) : "market",
    limitPrice: read("limit")?.slice(0, 24) ?? "",
    triggerPrice: read("trigger")?.slice(0, 24) ?? "",
    validity: validity === "gtc" ? "gtc" : "day",
  };
}

/** The terms the provider is sent: only the prices the type takes. */
function providerTerms(order: {
  order_type: OrderType;
  limit_price?: string;
  trigger_price?: string;
  validity: "day" | "gtc";
}): OrderTerms {
  if (order.order_type === "market") return { orderType: "market" };
  return {
    orderType: order.order_type,
    limitPrice: takesLimit(order.order_type) ? order.limit_price : undefined,
    triggerPrice: takesTrigger(order.order_type) ? order.trigger_price : undefined,
    validity: order.validity,
  };
}

/** The URL query of an order's terms (nothing for a market order: its URLs stay what they were). */
function termsQuery(terms: OrderTerms) {
  if (terms.orderType === "market") return {};
  return {
    orderType: terms.orderType,
    limit: terms.limitPrice,
    trigger: terms.triggerPrice,
    validity: terms.validity,
  };
}

/** The schema's options: the symbol's tick and the price now, as the customer reads them; null rules: market only. */
function schemaOptions(context: UserRequestContext, rules: DealRules | null, quote: Quote): OrderSchemaOptions {
  if (!rules) return { rules: null };
  return {
    rules: {
      tickSize: rules.tick_size,
      price: String(quote.price),
      tickText: rules.tick_size,
      priceText: formatMarketMoney(quote.price, context.fmt, quote.market),
    },
  };
}

/** Which form shows an action's reply: the order form (its fields are wrong) or the review's Confirm. */
export type ReplyForm = "order" | "confirm";

/** The review of the order the URL describes, or null when it is not a complete, valid order with its key. */
function reviewFigures(
  context: UserRequestContext,
  query: URLSearchParams,
  order: { side: Side; position: PositionType },
  quote: Quote,
  lots: PositionFigures[],
  feeRate: string,
  rate: ReviewRate | null,
): ReviewFigures | null {
  const key = query.get("key") ?? "";
  const quantity = readQuantity(query.get("quantity"));
  if (!IDEMPOTENCY_KEY.test(key) || quantity === null || quantityWarning(quantity, order.position)) return null;
  const lot = order.side === "sell" ? lots.find((row) => row.no === query.get("lot")) : undefined;
  if (order.side === "sell" && (!lot || quantity > lot.count)) return null;
  const estimate = orderEstimate({ side: order.side, price: quote.price, quantity, feeRate, costPrice: lot?.price });
  const conversion = rateConversion(rate, quote.market, context.fmt);
  const walletAmount = rate
    ? conversion
      ? walletEstimate({ side: order.side, price: quote.price, quantity, feeRate, rate: conversion.rate }).net
      : null
    : estimate.net;
  return {
    key,
    terms: { orderType: "market" },
    preview: null,
    position: order.position,
    quantity,
    lot: lot?.no ?? null,
    price: quote.price,
    costPrice: lot?.price ?? null,
    estimate,
    conversion,
    pair: rate?.pair ?? null,
    walletAmount,
  };
}

/**
 * A limit, stop or stop-limit order's review: what the provider says the order would do now (`deal/preview`: the
 * reservation, when it expires, whether it fills at once). A preview the provider refuses (the price moved past a
 * stop, a price off the tick) is no review: the form says why.
 */
async function withPreview(
  context: UserRequestContext,
  target: OrderTarget,
  review: ReviewFigures | null,
  terms: FormTerms,
  marketOpen: boolean,
): Promise<ReviewFigures | null> {
  if (!review || terms.orderType === "market") return review;
  const sent = providerTerms({
    order_type: terms.orderType,
    limit_price: terms.limitPrice,
    trigger_price: terms.triggerPrice,
    validity: terms.validity,
  });
  const preview = await attempt(
    previewOrder(context.provider, {
      side: review.lot ? "sell" : "buy",
      tag: target.symbol,
      lot: review.lot ?? undefined,
      market: target.market,
      count: review.quantity,
      terms: sent,
    }),
  );
  if (!preview.ok) {
    if (preview.failure.kind === "unavailable") throw json({ code: "provider_unavailable" }, { status: 503 });
    return null;
  }
  const p = preview.data;
  const figures: OrderPreview = {
    fillsAtOnce: p.fills_at_once,
    price: p.price,
    // docs/product.md "Order types": said only while the market is closed (an open market judges it now).
    opensAt: marketOpen ? null : p.opens_at,
    expiresAt: p.expires_at,
    reserve: p.reserve,
    reserveShares: p.reserve_shares,
    priceAll: p.price_all,
    fee: p.fee,
    amount: p.amount,
    walletAmount: p.wallet_amount,
  };
  return { ...review, terms: sent, preview: figures };
}

/**
 * The symbol's order rules and the fee rate: both from `deal/rules` when the provider has order types (one call), else
 * null rules (market orders only) and the fee rate from the config.
 */
async function rulesAndFeeRate(
  context: UserRequestContext,
  symbol: string,
): Promise<{ rules: DealRules | null; feeRate: string }> {
  const rules = await getDealRules(context.provider, symbol);
  return { rules, feeRate: rules ? feeRateOf(rules.fee_rate) : await getFeeRate(context.provider) };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "trade");
  const target = orderTarget(params);
  const query = new URL(request.url).searchParams;
  const side = readSide(query.get("type"));
  const position = readPositionType(query.get("position"));
  const step = query.get("step");
  const typed = query.get("quantity")?.slice(0, 12) ?? null;

  const [quote, lots, { rules, feeRate }, rate, schemas] = await Promise.all([
    requireInstrument(context, target),
    loadLots(context, target.symbol),
    requireData(rulesAndFeeRate(context, target.symbol)),
    // The market in the URL is the instrument's (requireInstrument refuses any other).
    step === "review" ? reviewRate(context, target.market) : null,
    import("./schema"),
  ]);
  const terms = readTerms((name) => query.get(name));
  if (!rules) terms.orderType = "market";

  // Without JS, − and + arrive here as a GET of the whole form: step from what was typed, say when a bound stops it.
  let quantity = typed ?? String(MIN_QUANTITY);
  let stepWarning: string | null = null;
  if (step === "up" || step === "down") {
    const stepped = stepQuantity(typed, step, position);
    quantity = String(stepped.quantity);
    stepWarning = stepped.warning ? quantityWarningText(context.t, stepped.warning) : null;
  }
  const lotParam = query.get("lot");
  const lot = lots.find((row) => row.no === lotParam) ?? (side === "sell" ? lots[0] : undefined);

  const data: TradingPageData = {
    asOf: Date.now(),
    target: { symbol: quote.symbol, market: quote.market, name: target.name },
    display: displaySymbol(quote.symbol, context.deployment),
    quote: {
      price: quote.price,
      change: quote.change,
      changePercent: quote.changePercent,
      high: quote.high,
      low: quote.low,
    },
    side,
    feeRate,
    form: { position, quantity, lot: lot?.no ?? null, ...terms },
    orderTypes: rules ? rules.order_types.filter((type) => (ORDER_TYPES as readonly string[]).includes(type)) : null,
    rules: rules
      ? {
          tickSize: rules.tick_size,
          validities: rules.validities.filter((v) => (VALIDITIES as readonly string[]).includes(v)),
          gtcDays: rules.gtc_days,
          dayExpiresAt: rules.day.expires_at,
          gtcExpiresAt: rules.gtc.expires_at,
        }
      : null,
    stepWarning,
    lots,
    review:
      step === "review"
        ? await withPreview(
            context,
            target,
            reviewFigures(context, query, { side, position }, quote, lots, feeRate, rate),
            terms,
            rules?.open ?? true,
          )
        : null,
    // The symbol's rules play no part in the native constraints (only in the cross-field check): built once.
    constraint: {
      order: fixedFormConstraint(schemas.createOrderSchema, context.t),
      confirm: fixedFormConstraint(schemas.createConfirmSchema, context.t),
    },
  };
  return json(data, { headers: NO_STORE });
}

/**
 * What both forms check before acting: the instrument is listed in this URL's market, and a sell's lot is still
 * open and holds the quantity. A problem goes on the field that has to change.
 */
async function orderProblem(
  context: UserRequestContext,
  target: OrderTarget,
  order: { type: Side; lot?: string; quantity: number },
): Promise<Record<string, string[]> | null> {
  await requireInstrument(context, target);
  if (order.type !== "sell") return null;
  const lot = (await loadLots(context, target.symbol)).find((row) => row.no === order.lot);
  if (!lot) return { lot: [context.t("sell.lotGone")] };
  if (order.quantity > lot.count)
    return {
      quantity: [context.t("sell.exceedsLot", { count: lot.count, qty: formatInteger(lot.count, context.fmt) })],
    };
  return null;
}

/** A refused order: its fields come back as typed, with their errors, on the order form (400). */
const refused = (result: SubmissionResult<string[]>) => json({ result, form: "order" as ReplyForm }, { status: 400 });

/** The schema's options for an action: the symbol's rules and the price now. */
async function actionOptions(context: UserRequestContext, target: OrderTarget): Promise<OrderSchemaOptions> {
  const [quote, rules] = await Promise.all([
    requireInstrument(context, target),
    requireData(getDealRules(context.provider, target.symbol)),
  ]);
  return schemaOptions(context, rules, quote);
}

async function review(context: UserRequestContext, target: OrderTarget, formData: FormData) {
  const { parseOrderForm } = await import("./schema");
  const submission = parseOrderForm(formData, context.t, await actionOptions(context, target));
  if (submission.status !== "success") return refused(submission.reply());
  const order = submission.value;
  const problem = await orderProblem(context, target, order);
  if (problem) return refused(submission.reply({ fieldErrors: problem }));
  // A new intent: its idempotency key is minted here, once, and travels in the review's URL from now on.
  return redirect(
    orderHref(target, {
      type: order.type,
      position: order.position,
      quantity: order.quantity,
      lot: order.type === "sell" ? order.lot : undefined,
      ...termsQuery(providerTerms(order)),
      step: "review",
      key: mintReviewKey(context.provider.token ?? ""),
    }),
  );
}

async function confirm(context: UserRequestContext, target: OrderTarget, formData: FormData) {
  const { t } = context;
  const { parseConfirmForm } = await import("./schema");
  const submission = parseConfirmForm(formData, t, await actionOptions(context, target));
  // The order itself is wrong (a tampered or outdated review): it is shown on the order form's fields.
  if (submission.status !== "success") return refused(submission.reply());
  const order = submission.value;
  const problem = await orderProblem(context, target, order);
  if (problem) return refused(submission.reply({ fieldErrors: problem }));

  try {
    const deal =
      order.type === "buy"
        ? await placeBuyOrder(context.provider, {
            tag: target.symbol,
            market: target.market,
            count: order.quantity,
            idempotencyKey: order.idempotency_key,
            terms: providerTerms(order),
          })
        : await sellPosition(context.provider, {
            no: order.lot!,
            market: target.market,
            count: order.quantity,
            idempotencyKey: order.idempotency_key,
            terms: providerTerms(order),
          });
    return redirectWithToast(orderHref(target, { type: order.type }), dealToast(context, deal));
  } catch (error) {
    const failure = classifyFailure(error);
    if (failure.kind === "unavailable") {
      // Asked twice with the same key and still no answer: the order may exist. Never "failed"; the same
      // Confirm (same key) can only replay it (docs/product.md#networks).
      logFailure("order confirm", failure);
      return json(
        {
          result: submission.reply({ formErrors: [t("review.outcomeUnknown")] }),
          form: "confirm" as ReplyForm,
          outcome: "unknown",
        },
        { status: 503, headers: NO_STORE },
      );
    }
    // A price the market moved past since the review (a stop now on the wrong side): said on its field.
    if (failure.kind === "business" && PROVIDER_PRICE_CODES.has(failure.code) && failure.field)
      return refused(
        submission.reply({ fieldErrors: { [failure.field]: [t(`orderKinds.provider.${failure.code}`)] } }),
      );
    return json(
      {
        result: submission.reply({ formErrors: [failureMessage(t, failure, "errors.submissionFailed")] }),
        form: "confirm" as ReplyForm,
      },
      { status: 400 },
    );
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "trade");
  const target = orderTarget(params);
  const formData = await request.formData();
  return formData.get("intent") === "confirm" ? confirm(context, target, formData) : review(context, target, formData);
}
