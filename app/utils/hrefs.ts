/**
 * Every address the app links to, one builder per URL (docs/decisions/0083-one-href-module.md). Routes and
 * components never concatenate paths themselves. Default query values are left out so URLs stay short, and
 * route params are named the same everywhere: a stock is `$symbol`, its market `$market`, its name `$name`.
 * Browser-safe: no server imports.
 */

type Query = Record<string, string | number | boolean | null | undefined>;

const part = (value: string | number) => encodeURIComponent(String(value));

/** `path?query` with empty values (and page 1) left out. */
export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "" || value === false) continue;
    if (key === "page" && Number(value) <= 1) continue;
    params.set(key, value === true ? "1" : String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export interface StockRef {
  symbol: string;
  name: string;
}
export interface MarketStockRef extends StockRef {
  market: string;
}

/* ---------------------------------------------------------------- markets */

export interface MarketsQuery {
  category?: string;
  index?: string;
  q?: string;
  page?: number;
}

/** /markets with its category, sub-index tab, search term and page. */
export function marketsHref(query: MarketsQuery = {}): string {
  return withQuery("/markets", { category: query.category, index: query.index, q: query.q, page: query.page });
}

/** Stock detail with favourite star, buy and sell (/stock/v2/{symbol}/{name}; docs/product.md#markets); what tapping a row opens. */
export function stockHref(stock: StockRef): string {
  return `/stock/v2/${part(stock.symbol)}/${part(stock.name)}`;
}

/** Stock chart (/stock/{symbol}/{market}/{name}); `period` left out when it is the default timeline. */
export function chartHref(stock: MarketStockRef, period?: string | null, defaultPeriod = "1m"): string {
  const base = `/stock/${part(stock.symbol)}/${part(stock.market)}/${part(stock.name)}`;
  return period && period !== defaultPeriod ? withQuery(base, { period }) : base;
}

/** Full-screen trading view (/trading/{symbol}). */
export function tradingViewHref(symbol: string, period?: string | null, defaultPeriod = "1m"): string {
  const base = `/trading/${part(symbol)}`;
  return period && period !== defaultPeriod ? withQuery(base, { period }) : base;
}

/** Buy/sell screen (/stock/trading/{symbol}/{market}/{name}?type=buy|sell) plus any other state in the query. */
export function orderHref(stock: MarketStockRef, query: Query & { type: "buy" | "sell" }): string {
  return withQuery(`/stock/trading/${part(stock.symbol)}/${part(stock.market)}/${part(stock.name)}`, query);
}

export interface WatchlistQuery {
  page?: number;
  edit?: boolean;
  /** A symbol whose delete is being confirmed (edit mode only). */
  confirm?: string | null;
}

export function watchlistHref(query: WatchlistQuery = {}): string {
  return withQuery("/watchlists", {
    edit: query.edit,
    confirm: query.edit ? query.confirm : undefined,
    page: query.page,
  });
}

/* ---------------------------------------------------------------- trading */

export const POSITION_TABS = ["stock", "forex", "futures", "treasury"] as const;
export type PositionTab = (typeof POSITION_TABS)[number];

/** /trade: the positions screen with its tab and page. */
export function positionsHref(tab: PositionTab = "stock", page = 1): string {
  return withQuery("/trade", { tab: tab === "stock" ? undefined : tab, page });
}

/** The second segment of /trade-no-nav/{type}/{buck}: what each list's position link uses. */
export const NO_NAV_BUCK: Record<PositionTab, string | undefined> = {
  stock: undefined,
  forex: "1",
  futures: "ok",
  treasury: "ok",
};

/** /trade-no-nav/{type}/{buck?}: the positions screen without the bottom bar. */
export function noNavPositionsHref(tab: PositionTab, page = 1, buck: string | undefined = NO_NAV_BUCK[tab]): string {
  return withQuery(`/trade-no-nav/${part(tab)}${buck ? `/${part(buck)}` : ""}`, { page });
}

export type RecordType = "all" | "pending" | "success" | "cancelled" | "expired";

/** /records: stock transaction records with their tab, page and a cancel being confirmed. */
/** An open order's Modify and Cancel screens; `back` is the screen they return to (a stock's or the records). */
export const modifyOrderHref = (no: string, back?: string) => withQuery(`/orders/${part(no)}/modify`, { back });
export const cancelOrderHref = (no: string, back?: string) => withQuery(`/orders/${part(no)}/cancel`, { back });

export function recordsHref(query: { type?: RecordType; page?: number; cancel?: string | null } = {}): string {
  return withQuery("/records", {
    type: query.type === "all" ? undefined : query.type,
    page: query.page,
    cancel: query.cancel,
  });
}

/** The element id of an order's row on /records (what a bill's link lands on). */
export const orderRecordAnchor = (no: string) => `order-${no}`;
/** /records at one order's row: the row is there when the order is on the first page, the newest orders. */
export const orderRecordHref = (no: string) => `${recordsHref()}#${part(orderRecordAnchor(no))}`;

export type InstrumentKind = "forex" | "futures" | "treasury";

const LIST_PATHS: Record<InstrumentKind, string> = { forex: "/forex", futures: "/futures", treasury: "/treasury-debt" };

/** /forex, /futures, /treasury-debt with their search code and page. */
export function instrumentListHref(kind: InstrumentKind, query: { code?: string; page?: number } = {}): string {
  return withQuery(LIST_PATHS[kind], { code: query.code, page: query.page });
}

/* ---------------------------------------------------------------- live panels (resource routes) */

/** Quotes for the given symbols, or null when there is nothing to watch. */
export function quotesResourceHref(symbols: readonly string[]): string | null {
  const unique = Array.from(new Set(symbols.filter(Boolean)));
  return unique.length === 0 ? null : withQuery("/resources/quotes", { symbols: unique.join(",") });
}

export function positionsResourceHref(tab: PositionTab, page: number): string {
  return withQuery("/resources/positions", { tab, page });
}

/** The candles of one chart period, for the interactive chart (app/routes/resources.candles.ts). */
export function candlesResourceHref(query: { symbol: string; market?: string | null; period: string }): string {
  return withQuery("/resources/candles", {
    symbol: query.symbol,
    market: query.market || undefined,
    period: query.period,
  });
}

/** The next page of the forex list as JSON, for its "load more" (the list's own data, never the router's). */
export function forexPageResourceHref(query: { code?: string; page: number }): string {
  return withQuery("/resources/forex", { code: query.code, page: query.page });
}

/* ---------------------------------------------------------------- account, wallet, products */

export const accountHref = () => "/account";
export const billsHref = (query: { type?: "all" | "income" | "expense"; page?: number } = {}) =>
  withQuery("/account/changes", { type: query.type === "all" ? undefined : query.type, page: query.page });
export const moneyRecordHref = (id: number | string) => `/account/recharge-withdraw/${part(id)}`;
/** A money form's state between pages: what was typed, and for its review `step=review&key=<idempotency key>`. */
export interface MoneyFormQuery {
  amount?: string | null;
  step?: "review";
  key?: string;
}
export const rechargeHref = (query: MoneyFormQuery & { method?: string | null } = {}) =>
  withQuery("/recharge", { method: query.method, amount: query.amount, step: query.step, key: query.key });
export const withdrawHref = (query: MoneyFormQuery & { card?: string | number | null } = {}) =>
  withQuery("/withdraw", { card: query.card, amount: query.amount, step: query.step, key: query.key });
export const rechargeRecordsHref = (query: { type?: string; page?: number } = {}) =>
  withQuery(query.type ? `/recharge-records/${part(query.type)}` : "/recharge-records", { page: query.page });
export const withdrawRecordsHref = (query: { page?: number } = {}) =>
  withQuery("/withdraw-records", { page: query.page });
/** /loan; `apply` shows the application step (a page without JS, a dialog with it). */
export const loanHref = (query: MoneyFormQuery & { apply?: boolean } = {}) =>
  withQuery("/loan", { apply: query.apply, amount: query.amount, step: query.step, key: query.key });
/** The loan records (canonical; `/LoanApplication` shows the same screen). */
export const loanRecordsHref = (query: { page?: number } = {}) => withQuery("/loan-records", { page: query.page });
/** The same loan records under the product's other address (rendered, not redirected). */
export const loanApplicationHref = (query: { page?: number } = {}) =>
  withQuery("/LoanApplication", { page: query.page });
export const settingsHref = () => "/settings";
export const loginPasswordHref = () => "/settings/login-password";
export const realNameHref = () => "/settings/real-name";
/** The bank cards; `add` or `edit=<id>` shows that step (a page without JS, a dialog with it). */
export const bankCardsHref = (query: { add?: boolean; edit?: number | string | null } = {}) =>
  withQuery("/settings/bank-cards", { add: query.add, edit: query.edit });
export const transactionPasswordHref = () => "/settings/transaction-password";
/**
 * The customer's own settings, one screen each (`app/routes/settings_.<screen>.tsx`, a form saving one setting,
 * docs/decisions/0500): Settings links every one, in this order, labelled `wallet:settings.<screen>`; the browser
 * sweeps and the weighing bench find them through those links. Adding a screen here is all Settings needs.
 */
export const CUSTOMER_SETTING_SCREENS = ["withdraw-limit"] as const;
export type CustomerSettingScreen = (typeof CUSTOMER_SETTING_SCREENS)[number];
export const customerSettingHref = (screen: CustomerSettingScreen) => `/settings/${screen}`;
/** Where the two-factor and devices screens live (docs/product.md#two-factor-and-devices). */
export const twoFactorHref = (query: { step?: "setup" } = {}) =>
  query.step ? `/settings/two-factor?step=${query.step}` : "/settings/two-factor";
export const devicesHref = () => "/settings/devices";
/** The recovery codes on screen, posted back and answered as a text file (a resource route). */
export const recoveryCodesFileHref = () => "/settings/two-factor/recovery-codes";
/** An uploaded ID photo, served to its owner by the app (never the provider's address). */
export const kycImageHref = (id: string) => `/resources/kyc-image/${part(id)}`;
/** The account card's figures (total assets, available balance, loan), refreshed every 3 s. */
export const balanceResourceHref = () => "/resources/balance";
/** The portfolio's profit and loss totals for the live summary (docs/product.md#profit-and-loss). */
export const portfolioResourceHref = () => "/resources/portfolio";

/** Where the price-alert screens live (docs/product.md#price-alerts). */
export const alertsHref = () => "/alerts";
/** The new-alert form for one symbol (a page of its own: works without JavaScript); `back` where it returns. */
export const newAlertHref = (symbol: string, back?: string) =>
  withQuery("/alerts/new", { symbol, back: back === alertsHref() ? undefined : back });
export const editAlertHref = (id: number) => `/alerts/${id}/edit`;
/** The list with one alert's delete step open (the confirm page without JavaScript). */
export const deleteAlertHref = (id: number) => withQuery(alertsHref(), { confirm: "delete", id });

/** A news article (docs/product.md#news: /news/{id}). */
export const newsHref = (id: number | string) => `/news/${part(id)}`;
export const newsListHref = (query: { page?: number; limit?: number } = {}) =>
  withQuery("/news", { page: query.page, limit: query.limit === 10 ? undefined : query.limit });
export const customerServiceHref = () => "/customer-service";
/** The support button: `/support` opens the chat when it is on, else follows the provider's support link. */
export const supportHref = () => "/support";
/** The support button's state (chat on, unread replies, a link to another site), polled every 10 s. */
export const unreadResourceHref = () => "/resources/unread";
/** The latest chat messages, polled every 5 s while the chat is open. */
export const chatResourceHref = () => "/resources/chat";

/** /login, remembering where to go afterwards (only a same-site path). */
export function loginHref(redirectTo?: string | null): string {
  return redirectTo && redirectTo !== "/" ? withQuery("/login", { redirectTo }) : "/login";
}
/** The sign-in's code step (two-factor on), or its recovery-code form. */
export const loginCodeHref = (query: { recovery?: boolean } = {}) =>
  query.recovery ? "/login/code?recovery=1" : "/login/code";

/* ---------------------------------------------------------------- products (block trading, QIP, IPO, funds) */

/** A product list's state between pages: its search and page, the item being bought, and a buy's own steps. */
export interface ProductQuery {
  /** Block/QIP search code. */
  code?: string | null;
  page?: number;
  /** The offer, IPO or fund being bought (its step: a page without JS, a dialog with it). */
  item?: number | string | null;
  quantity?: string | number | null;
  /** A − / + press without JS (`up`, `down`), or the review (`review`, with its idempotency `key`). */
  step?: "up" | "down" | "review";
  key?: string;
}

const productQuery = (query: ProductQuery, itemName: string) => ({
  code: query.code,
  page: query.page,
  [itemName]: query.item,
  quantity: query.quantity,
  step: query.step,
  key: query.key,
});

/** /block-trading: offers, search, and `buy=<offer id>` for the purchase step. */
export const blockTradingHref = (query: ProductQuery = {}) => withQuery("/block-trading", productQuery(query, "buy"));
/** /qip: the QIP offers, the same screen as block trading. */
export const qipHref = (query: ProductQuery = {}) => withQuery("/qip", productQuery(query, "buy"));
export type BlockOrdersTab = "all" | "failed" | "success";
const blockOrdersQuery = (query: { tab?: BlockOrdersTab; page?: number }) => ({
  tab: query.tab === "all" ? undefined : query.tab,
  page: query.page,
});
export const blockTradingOrdersHref = (query: { tab?: BlockOrdersTab; page?: number } = {}) =>
  withQuery("/block-trading/orders", blockOrdersQuery(query));
export const qipOrdersHref = (query: { tab?: BlockOrdersTab; page?: number } = {}) =>
  withQuery("/qip/orders", blockOrdersQuery(query));
/** /ipo: the IPO list, and `apply=<ipo id>` for the application step. */
export const ipoHref = (query: ProductQuery = {}) => withQuery("/ipo", productQuery(query, "apply"));
export type IpoOrdersTab = "applications" | "sales";
export const ipoOrdersHref = (query: { tab?: IpoOrdersTab; page?: number } = {}) =>
  withQuery("/ipo/orders", { tab: query.tab === "applications" ? undefined : query.tab, page: query.page });
/** The element id of an IPO application's row on /ipo/orders, and the list at that row (what its bills link to). */
export const ipoApplicationAnchor = (id: number | string) => `ipo-application-${id}`;
export const ipoApplicationHref = (id: number | string) => `${ipoOrdersHref()}#${part(ipoApplicationAnchor(id))}`;
/** /fund-investment: the funds, and `invest=<fund id>` with `step=review&key=` for a purchase's review. */
export const fundsHref = (query: ProductQuery = {}) => withQuery("/fund-investment", productQuery(query, "invest"));
export type FundOrdersTab = "all" | "active" | "completed" | "cancelled";
export const fundOrdersHref = (query: { tab?: FundOrdersTab; page?: number } = {}) =>
  withQuery("/fund-investment/orders", { tab: query.tab === "all" ? undefined : query.tab, page: query.page });
/** The element id of a fund order's row on /fund-investment/orders, and the list at that row (what its bills link to). */
export const fundOrderAnchor = (id: number | string) => `fund-order-${id}`;
export const fundOrderHref = (id: number | string) => `${fundOrdersHref()}#${part(fundOrderAnchor(id))}`;

/** Statements and the tax report (docs/product.md#statements). */
export const statementsHref = () => "/statements";
/** A statement or tax report file: `kind` account or trades with `from`/`to`, or tax with `year`. */
export function statementDownloadHref(
  query: { kind: "account" | "trades"; from: string; to: string } | { kind: "tax"; year: number },
  format: "csv" | "pdf",
): string {
  return withQuery("/statements/download", {
    ...(query.kind === "tax" ? query : { kind: query.kind, period: "range", from: query.from, to: query.to }),
    format,
  });
}

/** The portfolio's value over time (docs/product.md#portfolio-value); the default range, 1M, has no query. */
export const portfolioHref = (range?: string) => withQuery("/portfolio", { range: range === "1M" ? undefined : range });
