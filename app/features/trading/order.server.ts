/**
 * Server helpers of the buy/sell screen (docs/product.md#trading): the instrument an order URL names, the
 * customer's lots in it, and the toast that says what an order did, with every amount in its currency.
 */
import { json } from "@remix-run/node";

import { displaySymbol } from "~/deployment";
import { NO_STORE } from "~/http/no-store";
import {
  dealConversion,
  exchangePair,
  formatAmount,
  formatSignedAmount,
  walletConversion,
  walletCurrencies,
  type WalletConversion,
} from "~/i18n/currency";
import type { FormatContext } from "~/i18n/format";
import { formatMarketMoney, formatMoney } from "~/i18n/format";
import { attempt, logFailure, requireData } from "~/provider/failures.server";
import { getQuotes, type Quote } from "~/provider/market.server";
import { getPositions, positionFigures, type DealRow, type PositionFigures } from "~/provider/trading.server";
import type { Toast } from "~/session/toast";
import { money, toBig } from "~/utils/decimal";
import type { UserRequestContext } from "~/utils/request.server";

import { orderDeadline } from "./order-deadline";
import { rateText } from "./rate-text";

/** The provider returns at most 100 lots per page; more lots of one symbol than that is not a retail case. */
const LOTS_LIMIT = 100;

export interface OrderTarget {
  symbol: string;
  market: string;
  name: string;
}

/** The stock an order URL names: symbol and market are required (404 without them); the name defaults to the symbol. */
export function orderTarget(params: Record<string, string | undefined>): OrderTarget {
  const symbol = (params.symbol ?? "").trim();
  const market = (params.market ?? "").trim();
  if (!symbol || symbol.length > 32 || !market || market.length > 16) {
    throw json({ code: "not_found" }, { status: 404, headers: NO_STORE });
  }
  return { symbol, market, name: (params.name ?? "").trim() || symbol };
}

/**
 * The instrument's quote, which must be listed in exactly the market the URL names: `/stock/trading/AAPL/IN/…`
 * is not Apple priced in rupees, it is a 404 (docs/product.md#currency).
 */
export async function requireInstrument(context: UserRequestContext, target: OrderTarget): Promise<Quote> {
  const quotes = await requireData(getQuotes(context.provider, [target.symbol]));
  const quote = quotes.find((row) => row.symbol === target.symbol);
  if (!quote || quote.market !== target.market) throw json({ code: "not_found" }, { status: 404, headers: NO_STORE });
  return quote;
}

/** The customer's open lots in this symbol (what a sell can name), newest first. */
export async function loadLots(context: UserRequestContext, symbol: string): Promise<PositionFigures[]> {
  const page = await requireData(getPositions(context.provider, { tag: symbol, limit: LOTS_LIMIT }));
  return page.rows.filter((row) => row.tag === symbol).map((row) => positionFigures(row, context.deployment));
}

/**
 * The toast after a confirmed order: quantity, symbol and fill price in the stock's currency; for a filled buy
 * what it cost with the fee, for a sell its profit or loss; and where the wallet is in another currency, the
 * wallet amount and the rate the provider applied, with its source and time (docs/decisions/0102, 0145, 0146).
 */
export function dealToast(context: UserRequestContext, deal: DealRow): Toast {
  const { fmt, t } = context;
  const market = deal.type;
  const symbol = displaySymbol(deal.tag, context.deployment);
  const conversion = dealConversion(deal, fmt);
  const wallet = conversion ? formatMoney(deal.wallet_amount, fmt) : null;
  const rate = conversion ? rateText(t, conversion, fmt) : null;
  const pending = deal.status === 0;
  // An open limit, stop or stop-limit order: what is open and until when (docs/product.md "Order types").
  if (pending && deal.order_type && deal.order_type !== "market")
    return {
      key: deal.state === "buy" ? "trade:toast.orderPlacedBuy" : "trade:toast.orderPlacedSell",
      values: {
        qty: deal.count,
        symbol,
        type: t(`trade:orderKinds.type.${deal.order_type}`),
        until: deal.expires_at ? orderDeadline(deal.expires_at, fmt, market) : "",
      },
    };
  if (deal.state === "buy") {
    const values = {
      qty: deal.count,
      symbol,
      price: formatMarketMoney(deal.price, fmt, market),
      cost: formatAmount(deal.amount, fmt, market),
    };
    if (pending) return { key: "trade:toast.buyPending", values: { qty: deal.count, symbol } };
    return wallet && rate
      ? { key: "trade:toast.buySuccessConverted", values: { ...values, wallet, rate } }
      : { key: "trade:toast.buySuccess", values };
  }
  const sellPrice = deal.sell_price ?? deal.price;
  const profit = deal.profit ?? money(toBig(sellPrice).minus(deal.price).times(deal.count));
  const values = {
    qty: deal.count,
    symbol,
    price: formatMarketMoney(sellPrice, fmt, market),
    profit: formatSignedAmount(profit, fmt, market),
  };
  if (pending) return { key: "trade:toast.sellPending", values };
  return wallet && rate
    ? { key: "trade:toast.sellSuccessConverted", values: { ...values, wallet, rate } }
    : { key: "trade:toast.sellSuccess", values };
}

/** The wallet's rate for a review: the pair the provider converts at and its quote now (null if it cannot be read). */
export interface ReviewRate {
  pair: string;
  quote: Quote | null;
  at: number;
}

/**
 * The quote of the pair that converts this market's currency into the wallet's (docs/decisions/0146), for a
 * review's estimate (an order, an IPO application); null when both are in the same currency. A failure only costs
 * the estimate, never the page.
 */
export async function reviewRate(context: UserRequestContext, market: string): Promise<ReviewRate | null> {
  const currencies = walletCurrencies(market, context.fmt);
  if (!currencies) return null;
  const pair = exchangePair(currencies.from, currencies.to);
  const loaded = await attempt(getQuotes(context.provider, [pair]));
  if (!loaded.ok) logFailure("review exchange rate", loaded.failure);
  return { pair, quote: loaded.ok ? (loaded.data.find((row) => row.symbol === pair) ?? null) : null, at: Date.now() };
}

/** The conversion a review estimates with: the pair's quote, named as the simulator's; null without a quote. */
export function rateConversion(rate: ReviewRate | null, market: string, fmt: FormatContext): WalletConversion | null {
  // The provider's quotes are the simulator's (docs/provider-api.md, Market data): the estimate names the same source.
  return rate?.quote
    ? walletConversion(market, fmt, {
        rate: rate.quote.price,
        source: `simulator:${rate.pair}`,
        at: new Date(rate.at).toISOString(),
      })
    : null;
}
