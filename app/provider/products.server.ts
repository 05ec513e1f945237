/**
 * Typed client for the provider's products (docs/provider-api.md "Products"; docs/product.md#block-trading, #ipo,
 * #funds): block-trade and QIP offers and purchases, IPOs and applications, funds and fund orders, one function per
 * endpoint, plus the mappers from provider rows to what the product screens show. Money stays a decimal string;
 * every purchase carries the intent's idempotency key and goes through `callProviderIdempotent`
 * (docs/decisions/0101-idempotency-key-per-intent.md).
 */
import { displaySymbol, type Deployment } from "~/deployment";
import type { FundOrdersTab } from "~/utils/hrefs";
import { PAGE_SIZE } from "~/utils/pagination";

import { callProvider, callProviderIdempotent, callProviderPage, type Page, type ProviderContext } from "./core.server";
import type { DealRow } from "./trading.server";

/** "bulk" = block trading, "finalize" = QIP (the same screens, another list). */
export type BlockMold = "bulk" | "finalize";

/* ---------------------------------------------------------------- rows as the provider sends them */

/** 0 upcoming (window not open yet), 1 open, 2 closed. */
export type OfferStatus = 0 | 1 | 2;

export interface BlockOfferRow {
  id: number;
  tag: string;
  name: string;
  /** The offer's market (IN, US, MX): its price is in that market's currency. */
  type: string;
  mold: BlockMold;
  price: string;
  /** Minimum quantity (the contract's `count`, docs/provider-api.md); `min_count` says the same. */
  count: number;
  min_count?: number;
  status: OfferStatus;
  opens_at: string;
  closes_at: string;
  /**
   * The rate a purchase would convert at now, wallet units per unit of the offer's currency (a decimal string): "1"
   * for an offer in the wallet's currency, the simulator's pair or the operator's rate for the offer; null when there
   * is none (a purchase answers rete_no). `rate_source` names it (docs/provider-api.md, OfferRow; decision 0145).
   */
  exchange_rate?: string | null;
  rate_source?: string | null;
}

/** 1 success, 2 failed. */
export type BlockDealStatus = 1 | 2;

export interface BlockDealRow {
  id: number;
  no: string;
  tag: string;
  name: string;
  type: string;
  mold: BlockMold;
  count: number;
  price: string;
  price_all: string;
  fee: string;
  amount: string;
  /** The conversion used and what the wallet paid (or would have paid), in wallet money; null when no rate was found. */
  fx_rate?: number | null;
  fx_source?: string | null;
  wallet_price_all?: string | null;
  wallet_fee?: string | null;
  wallet_amount?: string | null;
  status: BlockDealStatus;
  /** The refusal's code for a failed deal (`time_no`, `rete_no`, `not_sufficient_funds`). */
  reason: string | null;
  created_at: string;
}

export interface IpoRow {
  id: number;
  /** The market (the contract's `series`). */
  series: string;
  symbol: string;
  company_name: string;
  /** "Forthcoming" (the only one that can be applied for), "Closed", "Listed"; other values are shown as they come. */
  status: string;
  issue_price: string;
  min: number | null;
  max: number | null;
  issue_start_date: string;
  issue_end_date: string;
  /** Forthcoming and inside its subscription window. */
  can_apply?: boolean;
}

/** 1 pending (money held), 2 success (allotted), 3 failed (not allotted, money returned); 0 submitted. */
export type IpoApplicationStatus = 0 | 1 | 2 | 3;

export interface IpoApplicationRow {
  id: number;
  ipo_id: number;
  symbol: string;
  company_name: string;
  series: string;
  count: number;
  price: string;
  amount: string;
  /** The hold in wallet money and the rate it was taken at (docs/decisions/0145; absent from older providers). */
  wallet_amount?: string;
  fx_rate?: number | string;
  fx_source?: string;
  allotted_count: number | null;
  /** Wallet money paid back (the unallotted part of the hold). */
  refunded: string | null;
  status: IpoApplicationStatus;
  reason: string | null;
  created_at: string;
  decided_at: string | null;
}

export interface FundRow {
  id: number;
  name: string;
  /** Percent over the whole period, e.g. "3.50". */
  min_return: string;
  max_return: string;
  /** Days. */
  investment_period: number;
  /** The amount one purchase invests (the fund's minimum). */
  amount: string;
  issue_amount: string;
  sold_amount: string;
  status?: string;
}

export interface FundOrderRow {
  id: number;
  amount: string;
  expected_return: string;
  status: string;
  end_time: string;
  created_at: string;
  project: { name: string; investment_period: number; min_return: string; max_return: string };
}

/* ---------------------------------------------------------------- calls */

/** Block (`bulk`) or QIP (`finalize`) offers of the deployment's markets; `code` matches symbol or name. */
export function getBlockOffers(
  ctx: ProviderContext,
  params: { mold: BlockMold; code?: string; page?: number; limit?: number },
) {
  return callProvider<Page<BlockOfferRow>>(ctx, {
    path: "/stock/success/stock/list",
    method: "POST",
    body: {
      mold: params.mold,
      code: params.code || undefined,
      page: params.page ?? 1,
      limit: params.limit ?? PAGE_SIZE,
    },
  });
}

/** The provider's largest page. */
const PAGE_MAX = 100;

/**
 * One row of a paged list by id. The provider has no single-offer or single-fund call, so its list is read a page of
 * 100 at a time (a handful of rows in practice) until the row shows up; null when it is not (or no longer) listed.
 */
async function findById<T extends { id: number }>(
  load: (page: number, limit: number) => Promise<Page<T>>,
  id: number,
): Promise<T | null> {
  for (let page = 1; page <= 20; page++) {
    const list = await load(page, PAGE_MAX);
    const row = list.rows.find((candidate) => candidate.id === id);
    if (row) return row;
    if (page * PAGE_MAX >= list.count) return null;
  }
  return null;
}

export const findBlockOffer = (ctx: ProviderContext, mold: BlockMold, id: number) =>
  findById((page, limit) => getBlockOffers(ctx, { mold, page, limit }), id);

/**
 * A block/QIP purchase at the offer's price (the provider charges its own figure; `price` is sent as the contract
 * names it and ignored). The transaction password travels only in this body, never in a URL.
 */
export function buyBlockOffer(
  ctx: ProviderContext,
  input: {
    mold: BlockMold;
    id: number;
    tag: string;
    count: number;
    price: string;
    stockPassword: string;
    idempotencyKey: string;
  },
) {
  return callProviderIdempotent<BlockDealRow>(ctx, {
    path: "/stock/success/deal/buy",
    method: "POST",
    body: {
      id: input.id,
      tag: input.tag,
      count: input.count,
      price: input.price,
      mold: input.mold,
      stock_password: input.stockPassword,
      idempotency_key: input.idempotencyKey,
    },
  });
}

/** The customer's block/QIP orders; status 0 = all, 1 success, 2 failed. */
export function getBlockDeals(
  ctx: ProviderContext,
  params: { mold: BlockMold; status: 0 | BlockDealStatus; page: number },
) {
  return callProvider<Page<BlockDealRow>>(ctx, {
    path: "/stock/success/deal/list",
    method: "POST",
    body: { mold: params.mold, status: params.status, page: params.page, limit: PAGE_SIZE },
  });
}

/** The available balance (`GET /v2/balance`): what a block purchase's maximum quantity is computed from. */
export async function getBalance(ctx: ProviderContext): Promise<string> {
  const data = await callProvider<{ balance: string | number }>(ctx, { path: "/stock/success/v2/balance" });
  return String(data.balance);
}

export const getIpos = (ctx: ProviderContext) => callProvider<IpoRow[]>(ctx, { path: "/client/ipo" });

/** An IPO application: the provider holds issue price × count until the allotment. */
export function applyForIpo(
  ctx: ProviderContext,
  input: { id: number; tag: string; count: number; price: string; idempotencyKey: string },
) {
  const { idempotencyKey, ...application } = input;
  return callProviderIdempotent<IpoApplicationRow>(ctx, {
    path: "/stock/success/ipo/buy",
    method: "POST",
    body: { ...application, idempotency_key: idempotencyKey },
  });
}

export function getIpoApplications(ctx: ProviderContext, page: number) {
  return callProviderPage<IpoApplicationRow>(ctx, "/stock/success/ipo/list", { type: "applications", page });
}

/** Sales of shares that came from IPO allotments (deal rows). */
export function getIpoSales(ctx: ProviderContext, page: number) {
  return callProviderPage<DealRow>(ctx, "/stock/success/ipo/list", { type: "sales", page });
}

export function getFunds(ctx: ProviderContext, page: number, limit = PAGE_SIZE) {
  return callProvider<Page<FundRow>>(ctx, { path: "/v2/fund/list", query: { page, limit } });
}

export const findFund = (ctx: ProviderContext, id: number) => findById((page, limit) => getFunds(ctx, page, limit), id);

/** A fund purchase of the fund's amount (the contract's body is `{project_id}`). */
export function purchaseFund(ctx: ProviderContext, input: { projectId: number; idempotencyKey: string }) {
  return callProviderIdempotent<FundOrderRow>(ctx, {
    path: "/stock/success/fund/purchase",
    method: "POST",
    body: { project_id: input.projectId, idempotency_key: input.idempotencyKey },
  });
}

export function getFundOrders(ctx: ProviderContext, params: { status: FundOrdersTab; page: number }) {
  return callProviderPage<FundOrderRow>(ctx, "/stock/success/fund/orders", {
    status: params.status,
    page: params.page,
  });
}

/* ---------------------------------------------------------------- view models */

/** The product's default minimum quantity of an offer that names none (docs/product.md#block-trading). */
export const DEFAULT_BLOCK_MINIMUM = 100;

export interface OfferFigures {
  id: number;
  symbol: string;
  /** As shown (INR hides .NS/.BO). */
  display: string;
  name: string;
  market: string;
  price: string;
  minimum: number;
  status: OfferStatus;
  opensAt: string;
  closesAt: string;
  /** The provider's rate for a purchase now and its source (null: none, or not sent by an older provider). */
  rate: { value: string; source: string } | null;
}

export function offerFigures(row: BlockOfferRow, deployment: Deployment): OfferFigures {
  const minimum = Number.isSafeInteger(row.count) && row.count > 0 ? row.count : DEFAULT_BLOCK_MINIMUM;
  return {
    id: row.id,
    symbol: row.tag,
    display: displaySymbol(row.tag, deployment),
    name: row.name,
    market: row.type,
    price: String(row.price),
    minimum,
    status: row.status,
    opensAt: row.opens_at,
    closesAt: row.closes_at,
    rate:
      row.exchange_rate !== undefined && row.exchange_rate !== null && row.rate_source
        ? { value: String(row.exchange_rate), source: row.rate_source }
        : null,
  };
}

export interface BlockDealFigures {
  no: string;
  display: string;
  name: string;
  market: string;
  count: number;
  price: string;
  total: string;
  fee: string;
  cost: string;
  /**
   * For an offer in another currency than the wallet's: what the wallet paid (or would have paid) and the rate the
   * provider applied (docs/decisions/0300); null for one in the wallet's currency or when no rate was found.
   */
  wallet: { total: string; fee: string; cost: string; rate: number; source: string } | null;
  status: BlockDealStatus;
  /** A failed deal's refusal code (translated by the loader). */
  reason: string | null;
  time: string;
}

export function blockDealFigures(row: BlockDealRow, deployment: Deployment): BlockDealFigures {
  return {
    no: row.no,
    display: displaySymbol(row.tag, deployment),
    name: row.name,
    market: row.type,
    count: row.count,
    price: String(row.price),
    total: row.price_all,
    fee: row.fee,
    cost: row.amount,
    wallet:
      row.fx_source &&
      row.fx_source !== "same_currency" &&
      row.fx_rate !== undefined &&
      row.fx_rate !== null &&
      row.wallet_price_all &&
      row.wallet_fee &&
      row.wallet_amount
        ? {
            total: row.wallet_price_all,
            fee: row.wallet_fee,
            cost: row.wallet_amount,
            rate: row.fx_rate,
            source: row.fx_source,
          }
        : null,
    status: row.status,
    reason: row.reason,
    time: row.created_at,
  };
}

/** The product's default IPO quantity range until an offer sets it (docs/product.md#ipo). */
export const DEFAULT_IPO_RANGE = { min: 1, max: 10 } as const;

export interface IpoFigures {
  id: number;
  symbol: string;
  display: string;
  company: string;
  market: string;
  status: string;
  price: string;
  min: number;
  max: number;
  start: string;
  end: string;
  canApply: boolean;
}

const wholeOr = (value: number | null | undefined, fallback: number) =>
  Number.isSafeInteger(value) && value! > 0 ? value! : fallback;

export function ipoFigures(row: IpoRow, deployment: Deployment, now = Date.now()): IpoFigures {
  const min = wholeOr(row.min, DEFAULT_IPO_RANGE.min);
  const max = Math.max(min, wholeOr(row.max, DEFAULT_IPO_RANGE.max));
  const started = new Date(row.issue_start_date).getTime() <= now;
  return {
    id: row.id,
    symbol: row.symbol,
    display: displaySymbol(row.symbol, deployment),
    company: row.company_name,
    market: row.series,
    status: row.status,
    price: String(row.issue_price),
    min,
    max,
    start: row.issue_start_date,
    end: row.issue_end_date,
    // Only Forthcoming can be applied for (docs/product.md#ipo); the provider also says whether its window is open.
    canApply: row.status === "Forthcoming" && (row.can_apply ?? started),
  };
}

export interface IpoApplicationFigures {
  id: number;
  display: string;
  company: string;
  market: string;
  count: number;
  price: string;
  amount: string;
  /** The hold in wallet money when the IPO's currency is another (a US IPO on INR), else null. */
  walletAmount: string | null;
  allotted: number | null;
  /** Wallet money paid back. */
  refunded: string | null;
  status: IpoApplicationStatus;
  reason: string | null;
  time: string;
}

export function ipoApplicationFigures(row: IpoApplicationRow, deployment: Deployment): IpoApplicationFigures {
  return {
    id: row.id,
    display: displaySymbol(row.symbol, deployment),
    company: row.company_name,
    market: row.series,
    count: row.count,
    price: String(row.price),
    amount: row.amount,
    walletAmount: row.fx_source && row.fx_source !== "same_currency" && row.wallet_amount ? row.wallet_amount : null,
    allotted: row.allotted_count,
    refunded: row.refunded,
    status: row.status,
    reason: row.reason,
    time: row.created_at,
  };
}

export interface FundFigures {
  id: number;
  name: string;
  minReturn: string;
  maxReturn: string;
  days: number;
  amount: string;
  issued: string;
  sold: string;
  soldOut: boolean;
}

export function fundFigures(row: FundRow): FundFigures {
  return {
    id: row.id,
    name: row.name,
    minReturn: row.min_return,
    maxReturn: row.max_return,
    days: row.investment_period,
    amount: row.amount,
    issued: row.issue_amount,
    sold: row.sold_amount,
    soldOut: row.status === "sold_out",
  };
}

/** Fund order statuses the screens name; anything else is shown as unknown (docs/product.md#funds). */
export const FUND_ORDER_STATUSES = ["active", "completed", "cancelled"] as const;
export type FundOrderStatus = (typeof FUND_ORDER_STATUSES)[number] | "unknown";

export interface FundOrderFigures {
  id: number;
  name: string;
  days: number;
  amount: string;
  expectedReturn: string;
  minReturn: string;
  maxReturn: string;
  status: FundOrderStatus;
  end: string;
  created: string;
}

export function fundOrderFigures(row: FundOrderRow): FundOrderFigures {
  const status = (FUND_ORDER_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as FundOrderStatus)
    : "unknown";
  return {
    id: row.id,
    name: row.project.name,
    days: row.project.investment_period,
    amount: row.amount,
    expectedReturn: row.expected_return,
    minReturn: row.project.min_return,
    maxReturn: row.project.max_return,
    status,
    end: row.end_time,
    created: row.created_at,
  };
}
