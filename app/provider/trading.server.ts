/**
 * Typed client for the provider's trading and forex/futures/treasury list endpoints
 * (docs/provider-api.md "Trading", "Forex, futures and treasury lists"), one function per endpoint, plus the
 * mappers from its rows to what the trading screens show (a position, a record, a list row). Routes never build
 * provider URLs, read the envelope or map rows themselves. Quotes come from `market.server.ts` (`getQuotes`).
 */
import { displaySymbol, type Deployment } from "~/deployment";
import type { OrderType, OrderValidity } from "~/features/trading/order-types";
import type { RecordType } from "~/utils/hrefs";
import { PAGE_SIZE } from "~/utils/pagination";

import type { AlertPage } from "./alerts.server";
import {
  callProvider,
  callProviderIdempotent,
  callProviderPage,
  ProviderError,
  type Page,
  type ProviderContext,
} from "./core.server";
import type { StockFigures } from "./market.server";

/** Position filters of `deal/positions`: `STOCK` = the deployment's equity markets. */
export type PositionMarket = "IN" | "MX" | "US" | "STOCK" | "FOREX" | "FUTURE" | "CGI";
export type { RecordType } from "~/utils/hrefs";

/** 0 pending, 1 success, 2 cancelled, 3 expired. */
export type DealStatus = 0 | 1 | 2 | 3;

export interface DealRow {
  id: number;
  no: string;
  tag: string;
  name: string;
  /** The market (`IN`, `MX`, `US`, `FOREX`, `FUTURE`, `CGI`). */
  type: string;
  mold: string;
  state: "buy" | "sell";
  count: number;
  /** Buy: fill price. Sell: the lot's cost price. */
  price: number;
  /** Sell fill price; null for buys. */
  sell_price: number | null;
  /** Money strings with 2 decimals. */
  price_all: string;
  fee: string;
  /** The money moved: a buy's price_all + fee (debited), a sell's price_all − fee (credited). */
  amount: string;
  profit: string | null;
  status: DealStatus;
  status_name: string;
  position_no?: string | null;
  created_at: string;
  filled_at: string | null;
  expires_at: string | null;
  /**
   * The exchange rate the provider converted the wallet money at (docs/decisions/0145): wallet units per unit of
   * the deal's currency, its source (`simulator:USDINR=X`, `same_currency`, `none` = charged 1:1) and instant.
   */
  fx_rate: number;
  fx_source: string;
  fx_at: string | null;
  /** price_all, fee and amount in the wallet's currency: `wallet_amount` is what the wallet was debited or credited. */
  wallet_price_all: string;
  wallet_fee: string;
  wallet_amount: string;
  /**
   * Order kind (docs/provider-api.md "Order types"); absent from a provider without order types (then a market
   * order). Prices are numbers in the instrument's currency.
   */
  order_type?: OrderType;
  limit_price?: number | null;
  trigger_price?: number | null;
  validity?: OrderValidity | null;
  held?: string;
  reason?: DealReason | null;
  triggered_at?: string | null;
  modified_at?: string | null;
  closed_at?: string | null;
}

/** Why a pending order ended (docs/provider-api.md, deal row `reason`). */
export type DealReason = "cancelled_by_user" | "session_ended" | "gtc_expired" | "not_sufficient_funds" | "filled";

/** An order's kind and prices as the app sends them: decimal strings, absent for a market order. */
export interface OrderTerms {
  orderType: OrderType;
  limitPrice?: string;
  triggerPrice?: string;
  validity?: OrderValidity;
}

/** The provider's body fields for `terms`; nothing for a market order (its body stays what it always was). */
function termsBody(terms: OrderTerms | undefined) {
  if (!terms || terms.orderType === "market") return {};
  return {
    order_type: terms.orderType,
    limit_price: terms.limitPrice,
    trigger_price: terms.triggerPrice,
    validity: terms.validity,
  };
}

/** `deal/rules`: what orders a symbol takes (docs/provider-api.md "Order types"). */
export interface DealRules {
  tag: string;
  type: string;
  precision: number;
  /** A decimal string ("0.05"). */
  tick_size: string;
  price: number;
  open: boolean;
  order_types: OrderType[];
  validities: OrderValidity[];
  gtc_days: number;
  day: { opens_at: string | null; expires_at: string | null };
  gtc: { opens_at: string | null; expires_at: string | null };
  fee_rate: string;
  hold_margin: string;
}

/** `deal/preview`: what an order would do if placed now; nothing is written. */
export interface DealPreview {
  tag: string;
  name: string;
  type: string;
  state: "buy" | "sell";
  count: number;
  order_type: OrderType;
  limit_price: number | null;
  trigger_price: number | null;
  validity: OrderValidity | null;
  price: number;
  tick_size: string;
  fills_at_once: boolean;
  opens_at: string | null;
  expires_at: string | null;
  /** Wallet money a buy holds now ("0.00" when it fills at once, or for a sell). */
  reserve: string;
  /** Shares a sell sets aside now (0 when it fills at once). */
  reserve_shares: number;
  price_all: string;
  fee: string;
  amount: string;
  wallet_price_all: string;
  wallet_fee: string;
  wallet_amount: string;
  fx_rate: number;
  fx_source: string;
}

const DEAL_RULES = "/stock/success/deal/rules";

/**
 * The order rules of a symbol, or null from a provider without order types (HTTP 404 on the path; the app then
 * offers market orders only, docs/decisions/0443; asked on every page, so an upgraded provider is seen at once:
 * 0530). An unknown symbol (`not_found` in a 200 reply) still throws.
 */
export async function getDealRules(ctx: ProviderContext, tag: string): Promise<DealRules | null> {
  try {
    return await callProvider<DealRules>(ctx, { path: DEAL_RULES, query: { tag } });
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) return null;
    throw error;
  }
}

/** What a buy (by symbol) or a sell (by lot) with these terms would do now. */
export function previewOrder(
  ctx: ProviderContext,
  input: { side: "buy" | "sell"; tag: string; lot?: string; market: string; count: number; terms: OrderTerms },
): Promise<DealPreview> {
  const order =
    input.side === "buy"
      ? { tag: input.tag, state: "buy", mold: "stock" }
      : { no: input.lot, state: "sell", mold: "stock" };
  return callProvider<DealPreview>(ctx, {
    path: "/stock/success/deal/preview",
    method: "POST",
    body: {
      ...order,
      type: input.market,
      count: input.count,
      order_type: input.terms.orderType,
      ...termsBody(input.terms),
    },
  });
}

/** Changes an open limit, stop or stop-limit order (the given terms over the stored ones); keyed like an order. */
export function modifyOrder(
  ctx: ProviderContext,
  input: {
    no: string;
    count?: number;
    limitPrice?: string;
    triggerPrice?: string;
    validity?: OrderValidity;
    idempotencyKey: string;
  },
): Promise<DealRow> {
  return callProviderIdempotent<DealRow>(ctx, {
    path: "/stock/success/deal/modify",
    method: "POST",
    body: {
      no: input.no,
      count: input.count,
      limit_price: input.limitPrice,
      trigger_price: input.triggerPrice,
      validity: input.validity,
      idempotency_key: input.idempotencyKey,
    },
  });
}

export interface PositionRow {
  /** The lot's order number (what a sell names). */
  no: string;
  tag: string;
  name: string;
  market: string;
  mold: string;
  count: number;
  /** Cost price of the lot. */
  price: number;
  current_price: number;
  /** Money strings with 2 decimals. */
  market_value: string;
  cost_value: string;
  profit: string;
  profit_percent: number;
  precision: number;
  created_at: string;
}

export interface CurrencyRow {
  stock: string;
  name: string;
  prasent: number;
  change: number;
  percent_change: number;
  /** `change` rounded to 4 decimals. */
  price_change_percent: number;
  market: "FOREX";
  precision: number;
}

export interface FuturesRow {
  stock: string;
  name: string;
  prasent: number;
  change: number;
  percent_change: number;
  current_price: number;
  exchange_name: string;
  market: string;
  precision: number;
}

export interface ConfigEntry {
  tag: string;
  value: string;
}

export function getCurrencyList(
  ctx: ProviderContext,
  params: { page?: number; code?: string } = {},
): Promise<Page<CurrencyRow>> {
  return callProviderPage<CurrencyRow>(ctx, "/v2/currency/list", { page: params.page, code: params.code });
}

/** Futures (`FUTURE`) or treasury yields (`CGI`). */
export async function getMarketList(
  ctx: ProviderContext,
  params: { market: "FUTURE" | "CGI"; code?: string },
): Promise<FuturesRow[]> {
  const data = await callProvider<{ rows: FuturesRow[] }>(ctx, {
    path: "/v2/market/list",
    query: { market: params.market, code: params.code },
  });
  return data.rows;
}

/**
 * A market buy: the provider fills at its own current price (a client price is ignored). A lost reply is asked
 * again once with the same key (`callProviderIdempotent`): one order either way; a second loss throws the
 * unknown-outcome `ProviderUnavailableError` (docs/decisions/0101-idempotency-key-per-intent.md).
 */
export function placeBuyOrder(
  ctx: ProviderContext,
  input: { tag: string; market: string; count: number; idempotencyKey: string; terms?: OrderTerms },
): Promise<DealRow> {
  return callProviderIdempotent<DealRow>(ctx, {
    path: "/stock/success/deal/order",
    method: "POST",
    // The market is sent too, so the provider refuses a symbol that is not in it (docs/product.md#trading).
    body: {
      tag: input.tag,
      type: input.market,
      count: input.count,
      mold: "stock",
      state: "buy",
      ...termsBody(input.terms),
      idempotency_key: input.idempotencyKey,
    },
  });
}

/** Sells `count` (default: all) of the lot `no`; a lost reply is asked again with the same key, as for a buy. */
export function sellPosition(
  ctx: ProviderContext,
  input: { no: string; market: string; count?: number; idempotencyKey: string; terms?: OrderTerms },
): Promise<DealRow> {
  return callProviderIdempotent<DealRow>(ctx, {
    path: "/stock/success/deal/sell",
    method: "POST",
    body: {
      no: input.no,
      type: input.market,
      count: input.count,
      mold: "stock",
      state: "sell",
      ...termsBody(input.terms),
      idempotency_key: input.idempotencyKey,
    },
  });
}

/** Cancels a pending order (`order_not_pending` otherwise); with a key, a lost reply is asked again with it. */
export function cancelOrder(ctx: ProviderContext, no: string, idempotencyKey?: string): Promise<DealRow> {
  if (idempotencyKey)
    return callProviderIdempotent<DealRow>(ctx, {
      path: "/stock/success/deal/cancel",
      method: "POST",
      body: { no, idempotency_key: idempotencyKey },
    });
  return callProvider<DealRow>(ctx, { path: "/stock/success/deal/cancel", method: "POST", body: { no } });
}

/**
 * The customer's orders of one status, optionally one symbol's (`tag`), up to 100 a page. With `alerts` (and a `tag`), the customer's price alerts on that
 * symbol come with them (docs/decisions/0531): one call for a stock's screen; `alerts` is absent when the provider
 * does not offer it.
 */
export function getOrders(
  ctx: ProviderContext,
  params: { type: RecordType; tag?: string; page?: number; limit?: number; alerts?: boolean },
): Promise<Page<DealRow> & { alerts?: AlertPage }> {
  return callProvider<Page<DealRow> & { alerts?: AlertPage }>(ctx, {
    path: "/stock/success/v2/transaction",
    query: {
      type: params.type,
      tag: params.tag,
      page: params.page ?? 1,
      limit: params.limit ?? 100,
      alerts: params.alerts ? 1 : undefined,
    },
  });
}

/**
 * A page of the customer's lots. With `totals`, the portfolio's totals come with it (docs/decisions/0480): one call for
 * a screen that shows both; `totals` is absent when the provider does not offer the portfolio.
 */
export function getPositions(
  ctx: ProviderContext,
  params: { market?: PositionMarket; tag?: string; page?: number; limit?: number; totals?: boolean } = {},
): Promise<Page<PositionRow> & { totals?: PortfolioTotals }> {
  return callProvider<Page<PositionRow> & { totals?: PortfolioTotals }>(ctx, {
    path: "/stock/success/deal/positions",
    query: {
      market: params.market,
      tag: params.tag,
      page: params.page ?? 1,
      limit: params.limit ?? PAGE_SIZE,
      totals: params.totals ? 1 : undefined,
    },
  });
}

export function getTransactions(
  ctx: ProviderContext,
  params: { type?: RecordType; page?: number } = {},
): Promise<Page<DealRow>> {
  return callProviderPage<DealRow>(ctx, "/stock/success/v2/transaction", {
    type: params.type ?? "all",
    page: params.page,
  });
}

export function getConfig(ctx: ProviderContext): Promise<ConfigEntry[]> {
  return callProvider<ConfigEntry[]>(ctx, { path: "/v2/config" });
}

/** 0.03 % unless the provider configures another rate (docs/product.md#fees). A decimal string, never a float. */
export const DEFAULT_FEE_RATE = "0.0003";

export async function getFeeRate(ctx: ProviderContext): Promise<string> {
  const entries = await getConfig(ctx);
  return feeRateOf(entries.find((entry) => entry.tag === "fee_rate")?.value);
}

/** A fee rate as the provider sent it (its config row, or `deal/rules`' `fee_rate`), or the default. */
export function feeRateOf(value: string | null | undefined): string {
  const rate = value?.trim() ?? "";
  return /^(0|[1-9][0-9]*)(\.[0-9]+)?$/.test(rate) ? rate : DEFAULT_FEE_RATE;
}

/* ---------------------------------------------------------------- view models */

/**
 * Where a lot's shares came from when not from an ordinary market order (docs/product.md#positions): a block trade
 * (`bulk`), a QIP (`finalize`) or an IPO allotment (`ipo`). A sell carries its lot's mold, so its record says the same.
 */
export type LotSource = "bulk" | "finalize" | "ipo";
const LOT_SOURCES: readonly LotSource[] = ["bulk", "finalize", "ipo"];

export function lotSource(mold: string | null | undefined): LotSource | null {
  return LOT_SOURCES.find((source) => source === mold) ?? null;
}

/** A lot as the positions screen and the sell form show it. Money fields stay decimal strings. */
export interface PositionFigures {
  /** The lot's order number: what a sell names and what live refreshes match on. */
  no: string;
  symbol: string;
  display: string;
  name: string;
  /** The instrument's market: its amounts are in this market's currency (docs/product.md#currency). */
  market: string;
  count: number;
  /** Cost price. */
  price: number;
  current_price: number;
  market_value: string;
  profit: string;
  /** Percent points. */
  profit_percent: number;
  /** A block trade, QIP or IPO lot; null for an ordinary order. */
  source: LotSource | null;
}

export function positionFigures(row: PositionRow, deployment: Deployment): PositionFigures {
  return {
    no: row.no,
    symbol: row.tag,
    display: displaySymbol(row.tag, deployment),
    name: row.name,
    market: row.market,
    count: row.count,
    price: row.price,
    current_price: row.current_price,
    market_value: row.market_value,
    profit: row.profit,
    profit_percent: row.profit_percent,
    source: lotSource(row.mold),
  };
}

/** One order of the records list. */
export interface RecordFigures {
  no: string;
  symbol: string;
  display: string;
  name: string;
  market: string;
  side: "buy" | "sell";
  count: number;
  /** The fill price: a sell's sell price, a buy's price (a pending row: the price at placement). */
  price: number;
  total: string;
  fee: string;
  /** What the wallet was debited or credited, in its currency (a pending row: the estimate at placement). */
  walletAmount: string;
  /** The rate the provider applied, its source and instant (docs/decisions/0145). */
  fx: { rate: number; source: string; at: string | null };
  profit: string | null;
  status: DealStatus;
  time: string;
  /** A block trade, QIP or IPO lot (or a sell from one); null for an ordinary order. */
  source: LotSource | null;
  /** The order's kind and terms (docs/product.md "Order types"): a provider without order types gives market ones. */
  orderType: OrderType;
  limitPrice: number | null;
  triggerPrice: number | null;
  validity: OrderValidity | null;
  /** When an open order expires; when a filled, cancelled or expired one ended; why it ended. */
  expiresAt: string | null;
  filledAt: string | null;
  closedAt: string | null;
  reason: DealReason | null;
  triggered: boolean;
  /** Wallet money an open buy reserves ("0.00" otherwise). */
  held: string;
  /** The provider speaks order types (its rows carry `order_type`): open orders have Modify/Cancel screens. */
  orderKinds: boolean;
}

export function recordFigures(row: DealRow, deployment: Deployment): RecordFigures {
  return {
    no: row.no,
    symbol: row.tag,
    display: displaySymbol(row.tag, deployment),
    name: row.name,
    market: row.type,
    side: row.state,
    count: row.count,
    price: row.state === "sell" && row.sell_price !== null ? row.sell_price : row.price,
    total: row.price_all,
    fee: row.fee,
    walletAmount: row.wallet_amount,
    fx: { rate: row.fx_rate, source: row.fx_source, at: row.fx_at },
    profit: row.profit,
    status: row.status,
    time: row.created_at,
    source: lotSource(row.mold),
    orderType: row.order_type ?? "market",
    limitPrice: row.limit_price ?? null,
    triggerPrice: row.trigger_price ?? null,
    validity: row.validity ?? null,
    expiresAt: row.expires_at ?? null,
    filledAt: row.filled_at ?? null,
    closedAt: row.closed_at ?? null,
    reason: row.reason ?? null,
    triggered: Boolean(row.triggered_at),
    held: row.held ?? "0.00",
    orderKinds: row.order_type !== undefined,
  };
}

/** A currency pair as a list row; its change is the 4-decimal one (docs/product.md#lists). */
export function currencyRowFigures(row: CurrencyRow): StockFigures {
  return {
    symbol: row.stock,
    display: row.stock,
    name: row.name,
    market: row.market,
    price: row.prasent,
    change: row.price_change_percent,
    changePercent: row.percent_change,
  };
}

/** A futures contract or a treasury yield as a list row. */
export function marketListRowFigures(row: FuturesRow, deployment: Deployment): StockFigures {
  return {
    symbol: row.stock,
    display: displaySymbol(row.stock, deployment),
    name: row.name,
    market: row.market,
    price: row.current_price,
    change: row.change,
    changePercent: row.percent_change,
  };
}

/**
 * docs/provider-api.md "Portfolio": what a holding and the totals both say. Money as 2-decimal strings in the wallet's
 * currency, percents as strings.
 */
interface PortfolioFigures {
  invested: string;
  current_value: string;
  unrealised: string;
  unrealised_percent: string;
  day_change: string;
  day_change_percent: string;
}

export interface PortfolioTotals extends PortfolioFigures {
  realised: string;
  realised_today: string;
  total: string;
}

export interface PortfolioHolding extends PortfolioFigures {
  tag: string;
  name: string;
  market: string;
  precision: number;
  quantity: number;
  average_price: string;
  current_price: number;
  previous_close: number;
  lots: { no: string; filled_at: string; count: number; bought_count: number; price: number; cost: string }[];
}

export interface Portfolio {
  currency: string;
  at: string;
  holdings: PortfolioHolding[];
  totals: PortfolioTotals;
}

export function getPortfolio(ctx: ProviderContext): Promise<Portfolio> {
  return callProvider<Portfolio>(ctx, { path: "/stock/success/deal/portfolio" });
}

/** docs/provider-api.md "Statements and the tax report". */
export interface StatementBill {
  id: number;
  created_at: string;
  type: "income" | "expense";
  amount: string;
  balance: string;
  reason: string;
  kind: string;
  ref_type: string | null;
  ref_id: string | null;
}
export interface AccountStatementPage {
  from: string;
  to: string;
  currency: string;
  opening_balance: string;
  closing_balance: string;
  rows: StatementBill[];
  next: number | null;
}
export interface TradesStatementPage {
  from: string;
  to: string;
  currency: string;
  /** `closed_at`: when a cancelled or expired order ended. */
  rows: (DealRow & { closed_at?: string | null })[];
  next: number | null;
}
export interface TaxLine {
  sell_no: string;
  tag: string;
  name: string;
  market: string;
  sold_at: string;
  sell_price: number;
  buy_no: string;
  bought_at: string;
  count: number;
  cost: string;
  proceeds: string;
  gain: string;
  term: "short" | "long";
}
export interface TaxReport {
  year: number;
  from: string;
  to: string;
  currency: string;
  rows: TaxLine[];
  totals: { proceeds: string; cost: string; short_term: string; long_term: string; total: string };
}
export type StatementPeriod = { from: string; to: string; after?: number; limit?: number };

const statementPage = <T>(ctx: ProviderContext, kind: "account" | "trades", q: StatementPeriod) =>
  callProvider<T>(ctx, {
    path: `/stock/success/statement/${kind}`,
    query: { from: q.from, to: q.to, after: q.after ?? 0, limit: q.limit ?? 500 },
  });

export const getAccountStatement = (ctx: ProviderContext, q: StatementPeriod) =>
  statementPage<AccountStatementPage>(ctx, "account", q);

export const getTradesStatement = (ctx: ProviderContext, q: StatementPeriod) =>
  statementPage<TradesStatementPage>(ctx, "trades", q);

export function getTaxReport(ctx: ProviderContext, year: number): Promise<TaxReport> {
  return callProvider<TaxReport>(ctx, { path: "/stock/success/statement/tax", query: { year } });
}

/** docs/provider-api.md "Portfolio": the value at each day's close, today's live. */
export type ValueRange = "1W" | "1M" | "3M" | "1Y" | "ALL";
export interface PortfolioValues {
  currency: string;
  range: ValueRange;
  today: string;
  rows: { day: string; cash: string; holdings: string; total: string }[];
}

export function getPortfolioValues(ctx: ProviderContext, range: ValueRange): Promise<PortfolioValues> {
  return callProvider<PortfolioValues>(ctx, { path: "/stock/success/deal/portfolio/values", query: { range } });
}
