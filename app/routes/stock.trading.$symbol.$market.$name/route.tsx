/**
 * /stock/trading/{symbol}/{market}/{name}?type=buy|sell (auth; docs/product.md#trading): buy and sell tabs, a
 * live price panel (3 s), the customer's lots in this symbol, the order form, then a server-rendered review
 * ("check your answers") with one Confirm. Everything works as plain HTML forms (docs/decisions/0100):
 * - the form's state lives in the URL (`type`, `position`, `quantity`, `lot`) and, while typing, in Conform;
 *   − / + are GET submits without JS and change the field in place with JS;
 * - "Review order" POSTs; a valid order redirects to `?step=review&…&key=<idempotency key>`: the key is minted
 *   there, once per intent, and every reload, retry or error page of that review carries it (decision 0101);
 * - Confirm POSTs the key; a lost provider reply is asked again with the same key, so one order either way.
 */
import type { SubmissionResult } from "@conform-to/react";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import {
  useActionData,
  useLoaderData,
  useLocation,
  type ClientActionFunctionArgs,
  type ShouldRevalidateFunction,
} from "@remix-run/react";

import { useLiveQuotes } from "~/components/market/liveQuotes";
import { LinkTabs } from "~/components/ui/Tabs";
import { displaySymbol } from "~/deployment";
import { exchangePair, walletConversion, walletCurrencies } from "~/features/trading/currency";
import { IDEMPOTENCY_KEY, orderConstraints, parseConfirmForm, parseOrderForm } from "~/features/trading/forms.server";
import {
  MIN_QUANTITY,
  orderEstimate,
  quantityWarning,
  quantityWarningText,
  walletEstimate,
  readPositionType,
  readQuantity,
  readSide,
  stepQuantity,
  type PositionType,
  type Side,
} from "~/features/trading/order";
import { dealToast, loadLots, orderTarget, requireInstrument, type OrderTarget } from "~/features/trading/order.server";
import { NO_STORE, tradeHeaders, tradeLinks } from "~/features/trading/route-exports";
import { formatInteger } from "~/format";
import { useTranslation } from "~/i18n-react";
import { attempt, classifyFailure, failureMessage, logFailure, requireData } from "~/provider/failures.server";
import { getQuotes, type Quote } from "~/provider/market.server";
import { getFeeRate, placeBuyOrder, sellPosition, type PositionFigures } from "~/provider/trading.server";
import { requireSameOrigin } from "~/security.server";
import { redirectWithToast } from "~/toast.server";
import { orderHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext, type UserRequestContext } from "~/utils/request.server";

import { OrderForm } from "./OrderForm";
import { PriceMoveNotice } from "./PriceMoveNotice";
import { QuotePanel } from "./QuotePanel";
import { Review } from "./Review";
import type { ReviewFigures, TradingPageData } from "./types";

/** docs/product.md#live-prices: the buy/sell screen refreshes every 3 s. */
const REFRESH_MS = 3_000;

export const handle: PageHandle = { i18n: ["trade", "markets"], titleKey: "trade:trading.title" };
export const links = tradeLinks;
export const headers = tradeHeaders;

/** The wallet's rate for a review: the pair the provider converts at and its quote now (null if it cannot be read). */
interface ReviewRate {
  pair: string;
  quote: Quote | null;
  at: number;
}

/**
 * The quote of the pair that converts this market's currency into the wallet's (docs/decisions/0146), for the
 * review's estimate; null when both are in the same currency. A failure only costs the estimate, never the page.
 */
async function reviewRate(context: UserRequestContext, market: string): Promise<ReviewRate | null> {
  const currencies = walletCurrencies(market, context.fmt);
  if (!currencies) return null;
  const pair = exchangePair(currencies.from, currencies.to);
  const loaded = await attempt(getQuotes(context.provider, [pair]));
  if (!loaded.ok) logFailure("review exchange rate", loaded.failure);
  return { pair, quote: loaded.ok ? (loaded.data.find((row) => row.symbol === pair) ?? null) : null, at: Date.now() };
}

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
  // The provider's quotes are the simulator's (docs/provider-api.md, Market data): the estimate names the same source.
  const conversion =
    rate?.quote ? walletConversion(quote.market, context.fmt, { rate: rate.quote.price, source: `simulator:${rate.pair}`, at: new Date(rate.at).toISOString() }) : null;
  const walletAmount = rate
    ? conversion
      ? walletEstimate({ side: order.side, price: quote.price, quantity, feeRate, rate: conversion.rate }).net
      : null
    : estimate.net;
  return {
    key,
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

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "trade");
  const target = orderTarget(params);
  const query = new URL(request.url).searchParams;
  const side = readSide(query.get("type"));
  const position = readPositionType(query.get("position"));
  const step = query.get("step");
  const typed = query.get("quantity")?.slice(0, 12) ?? null;

  const [quote, lots, feeRate, rate] = await Promise.all([
    requireInstrument(context, target),
    loadLots(context, target.symbol),
    requireData(getFeeRate(context.provider)),
    // The market in the URL is the instrument's (requireInstrument refuses any other).
    step === "review" ? reviewRate(context, target.market) : null,
  ]);

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
    quote: { price: quote.price, change: quote.change, changePercent: quote.changePercent, high: quote.high, low: quote.low },
    side,
    feeRate,
    form: { position, quantity, lot: lot?.no ?? null },
    stepWarning,
    lots,
    review: step === "review" ? reviewFigures(context, query, { side, position }, quote, lots, feeRate, rate) : null,
    constraints: orderConstraints(context.t),
  };
  return json(data, { headers: NO_STORE });
}

/** Which form shows an action's reply: the order form (its fields are wrong) or the review's Confirm. */
type ReplyForm = "order" | "confirm";

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
  if (order.quantity > lot.count) return { quantity: [context.t("sell.exceedsLot", { count: lot.count, qty: formatInteger(lot.count, context.fmt) })] };
  return null;
}

/** A refused order: its fields come back as typed, with their errors, on the order form (400). */
const refused = (result: SubmissionResult<string[]>) => json({ result, form: "order" as ReplyForm }, { status: 400 });

async function review(context: UserRequestContext, target: OrderTarget, formData: FormData) {
  const submission = parseOrderForm(formData, context.t);
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
      step: "review",
      key: crypto.randomUUID(),
    }),
  );
}

async function confirm(context: UserRequestContext, target: OrderTarget, formData: FormData) {
  const { t } = context;
  const submission = parseConfirmForm(formData, t);
  // The order itself is wrong (a tampered or outdated review): it is shown on the order form's fields.
  if (submission.status !== "success") return refused(submission.reply());
  const order = submission.value;
  const problem = await orderProblem(context, target, order);
  if (problem) return refused(submission.reply({ fieldErrors: problem }));

  try {
    const deal =
      order.type === "buy"
        ? await placeBuyOrder(context.provider, { tag: target.symbol, market: target.market, count: order.quantity, idempotencyKey: order.idempotency_key })
        : await sellPosition(context.provider, { no: order.lot!, market: target.market, count: order.quantity, idempotencyKey: order.idempotency_key });
    return redirectWithToast(orderHref(target, { type: order.type }), dealToast(context, deal));
  } catch (error) {
    const failure = classifyFailure(error);
    if (failure.kind === "unavailable") {
      // Asked twice with the same key and still no answer: the order may exist. Never "failed"; the same
      // Confirm (same key) can only replay it (docs/product.md#networks).
      logFailure("order confirm", failure);
      return json(
        { result: submission.reply({ formErrors: [t("review.outcomeUnknown")] }), form: "confirm" as ReplyForm, outcome: "unknown" },
        { status: 503, headers: NO_STORE },
      );
    }
    return json(
      { result: submission.reply({ formErrors: [failureMessage(t, failure, "errors.submissionFailed")] }), form: "confirm" as ReplyForm },
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

/**
 * With JS, a submit whose request or reply the network lost never reached (or never came back from) the
 * server: say so on the form and keep it, instead of the error page. For a Confirm the outcome is unknown;
 * confirming again sends the same key (docs/product.md#networks).
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const intent = (await request.clone().formData()).get("intent") === "confirm" ? "confirm" : "review";
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return { clientFailure: intent === "confirm" ? ("unknown" as const) : ("offline" as const), form: intent === "confirm" ? ("confirm" as ReplyForm) : ("order" as ReplyForm) };
  }
}

/** After a submit the network lost, the page keeps what it shows: reloading would fail the same way. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult && typeof actionResult === "object" && "clientFailure" in actionResult ? false : defaultShouldRevalidate;

export default function TradingPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof clientAction>();
  const location = useLocation();
  const { t } = useTranslation("trade");
  const live = useLiveQuotes([data.target.symbol], REFRESH_MS, data.asOf);
  const fresh = live.get(data.target.symbol);
  const quote = fresh ? { ...data.quote, ...fresh } : data.quote;

  const lastResult = reply && "result" in reply ? reply.result : undefined;
  const clientFailure = reply && "clientFailure" in reply ? reply.clientFailure : null;
  const showReview = data.review !== null && reply?.form !== "order";
  return (
    <div className="tr-page">
      <h1 className="tr-h1" tabIndex={-1}>
        {data.target.name}
        {data.display !== data.target.name ? <span className="tr-sym tr-muted"> {data.display}</span> : null}
      </h1>
      <LinkTabs
        label={t("trading.sides")}
        tabs={(["buy", "sell"] as const).map((side) => ({
          to: orderHref(data.target, { type: side }),
          label: t(`side.${side}`),
          current: side === data.side,
        }))}
      />
      <QuotePanel name={data.target.name} market={data.target.market} quote={quote} asOf={live.asOf} stale={live.stale} />
      {/* Keyed by what the customer is looking at: a new form or review is a new reference price. */}
      <PriceMoveNotice
        key={`${location.search}|${showReview ? "review" : "form"}`}
        reference={showReview ? data.review!.price : data.quote.price}
        live={quote.price}
        market={data.target.market}
      />
      {showReview ? (
        <Review key={data.review!.key} data={data} lastResult={lastResult} clientFailure={clientFailure} />
      ) : (
        // A new URL (tab switch, a step without JS, "Change order") brings new starting values: a fresh form.
        <OrderForm key={location.search} data={data} livePrice={quote.price} lastResult={lastResult} clientFailure={clientFailure} />
      )}
    </div>
  );
}
