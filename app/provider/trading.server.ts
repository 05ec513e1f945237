/**
 * Typed client for the provider's trading, wallet-summary and forex/futures/treasury list endpoints
 * (docs/provider-api.md "Trading", "Forex, futures and treasury lists"). One function per endpoint; routes never
 * build provider URLs or read the envelope themselves. Quotes come from `market.server.ts` (`getQuotes`).
 */
import { deploymentFor } from "~/deployment";
import { getFixedT, getLocale } from "~/i18next.server";
import { requireUserToken } from "~/session.server";

import type { RecordType } from "~/components/trade/records";

import { callProvider, providerContext, type ProviderContext } from "./core.server";

/** Position filters of `deal/positions`: `STOCK` = the deployment's equity markets. */
export type PositionMarket = "IN" | "MX" | "US" | "STOCK" | "FOREX" | "FUTURE" | "CGI";
export type { RecordType } from "~/components/trade/records";

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
  amount?: string;
  profit: string | null;
  status: DealStatus;
  status_name: string;
  position_no?: string | null;
  created_at: string;
  filled_at: string | null;
  expires_at: string | null;
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

export interface UserInfo {
  user: string;
  no: number | string;
  img: string;
  /** Money strings. */
  total: string;
  money: string;
  loan: string;
}

export interface ConfigEntry {
  tag: string;
  value: string;
}

export interface Page<T> {
  rows: T[];
  count: number;
}

export const PAGE_SIZE = 10;

export function getCurrencyList(
  ctx: ProviderContext,
  params: { page?: number; code?: string } = {},
): Promise<Page<CurrencyRow>> {
  return callProvider<Page<CurrencyRow>>(ctx, {
    path: "/v2/currency/list",
    query: { page: params.page ?? 1, limit: PAGE_SIZE, code: params.code },
  });
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

/** A market buy: the provider fills at its own current price (a client price is ignored). */
export function placeBuyOrder(
  ctx: ProviderContext,
  input: { tag: string; count: number; idempotencyKey: string },
): Promise<DealRow> {
  return callProvider<DealRow>(ctx, {
    path: "/stock/success/deal/order",
    method: "POST",
    body: { tag: input.tag, count: input.count, mold: "stock", state: "buy", idempotency_key: input.idempotencyKey },
  });
}

/** Sells `count` (default: all) of the lot `no`. */
export function sellPosition(
  ctx: ProviderContext,
  input: { no: string; count?: number; idempotencyKey: string },
): Promise<DealRow> {
  return callProvider<DealRow>(ctx, {
    path: "/stock/success/deal/sell",
    method: "POST",
    body: { no: input.no, count: input.count, idempotency_key: input.idempotencyKey },
  });
}

/** Cancels a pending order (`order_not_pending` otherwise). */
export function cancelOrder(ctx: ProviderContext, no: string): Promise<DealRow> {
  return callProvider<DealRow>(ctx, { path: "/stock/success/deal/cancel", method: "POST", body: { no } });
}

export function getPositions(
  ctx: ProviderContext,
  params: { market?: PositionMarket; tag?: string; page?: number; limit?: number } = {},
): Promise<Page<PositionRow>> {
  return callProvider<Page<PositionRow>>(ctx, {
    path: "/stock/success/deal/positions",
    query: { market: params.market, tag: params.tag, page: params.page ?? 1, limit: params.limit ?? PAGE_SIZE },
  });
}

export function getTransactions(
  ctx: ProviderContext,
  params: { type?: RecordType; page?: number } = {},
): Promise<Page<DealRow>> {
  return callProvider<Page<DealRow>>(ctx, {
    path: "/stock/success/v2/transaction",
    query: { type: params.type ?? "all", page: params.page ?? 1, limit: PAGE_SIZE },
  });
}

export function getUserInfo(ctx: ProviderContext): Promise<UserInfo> {
  return callProvider<UserInfo>(ctx, { path: "/stock/success/v2/user/info" });
}

export function getConfig(ctx: ProviderContext): Promise<ConfigEntry[]> {
  return callProvider<ConfigEntry[]>(ctx, { path: "/v2/config" });
}

/** SPEC §9: 0.03 % unless the provider configures another rate. */
export const DEFAULT_FEE_RATE = 0.0003;

export async function getFeeRate(ctx: ProviderContext): Promise<number> {
  const entries = await getConfig(ctx);
  const rate = Number(entries.find((entry) => entry.tag === "fee_rate")?.value);
  return Number.isFinite(rate) && rate >= 0 ? rate : DEFAULT_FEE_RATE;
}

export const ACCOUNT_TRADE_MARKETS = { stock: "STOCK", forex: "FOREX", FUTURE: "FUTURE", CGI: "CGI" } as const;
export type AccountTradeTab = keyof typeof ACCOUNT_TRADE_MARKETS;
export const ACCOUNT_TRADE_ROWS = 3;

/** The account page's market tabs (SPEC §2): the newest 3 positions of each market, with each market's total. */
export async function getAccountTradeSummary(
  ctx: ProviderContext,
): Promise<Record<AccountTradeTab, Page<PositionRow>>> {
  const tabs = Object.keys(ACCOUNT_TRADE_MARKETS) as AccountTradeTab[];
  const pages = await Promise.all(
    tabs.map((tab) => getPositions(ctx, { market: ACCOUNT_TRADE_MARKETS[tab], page: 1, limit: ACCOUNT_TRADE_ROWS })),
  );
  return Object.fromEntries(tabs.map((tab, index) => [tab, pages[index]])) as Record<AccountTradeTab, Page<PositionRow>>;
}

/**
 * What every (auth) trade page loader and action starts from: a signed-in customer (else a redirect to /login),
 * the provider context, the `trade` translations and locale of the request, and the deployment.
 */
export async function tradeRequest(request: Request) {
  await requireUserToken(request);
  const [t, locale, ctx] = await Promise.all([getFixedT(request, "trade"), getLocale(request), providerContext(request)]);
  const deployment = deploymentFor(process.env.DEPLOYMENT);
  return { t, locale, ctx, deployment, fmt: { locale, deployment } };
}
