/**
 * THE harness for route tests (docs/ARCHITECTURE.md#tests): loaders and actions called directly with a `Request`.
 * Route tests import from here only: the provider's test helpers they use are re-exported below (an ESLint rule keeps
 * `provider/tests/` out of the other app files, docs/decisions/0410-one-route-test-fixture.md).
 *
 * - `useRouteFixture(options?)`: the default. A real test provider for the file (or the `describe`) it is called in
 *   (a clone of the migrated database with its own clock), and what a screen's tests do with it: fresh signed-in
 *   customers, `post`, `confirm`, the toast, the operator.
 * - `useRealProvider(options?)`: the provider alone (a test that signs its customers in itself).
 * - `useScriptedProvider()`: only for what the real provider cannot be made to do (a timeout, a 502, an unknown
 *   code, the session ending mid-request): the scripted double (app/testing/provider-double.ts,
 *   docs/decisions/0093-one-provider-test-double.md), a signed-in cookie, and `get`, `post`, `formErrors`,
 *   `expectFailedState` for that customer. Called inside a `describe`, it takes the provider calls over for that
 *   block only.
 * - `useVisitor()`: a visitor with an invitation code, and the sign-up and login forms.
 * - `throughAnotherInstance(provider, options, run)`: the app's calls go to a second provider on the same database
 *   while `run` runs (another instance of the deployment, e.g. one without the two-factor key).
 * - `load`, `post`, `confirm`, `locationOf`, `refusedForm`, `fieldErrors`, `formErrors`, `toast`, `toastText`,
 *   `toastOf`, `expectSentToLogin`: calling a route the way Remix does and reading what the customer would see.
 * - `loadTrading`, `postTrading`, `reviewOrder`, `confirmAt`: orders placed through the buy/sell screen's own loader and
 *   action (the trading route's tests, and the positions and records screens' set-up).
 * - Markup (what a visitor without JS gets): app/testing/markup.ts.
 */
import type { AppLoadContext } from "@remix-run/node";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, beforeEach, expect, vi } from "vitest";

import type { LocaleResources } from "~/i18n/config";
import { createPageI18n } from "~/i18n/instance";
import { ProviderUnavailableError } from "~/provider/core.server";
import { placeBuyOrder } from "~/provider/trading.server";
import { providerFetch } from "~/provider/transport.server";
import {
  action as twoFactorAction,
  loader as twoFactorLoader,
  type TwoFactorData,
} from "~/routes/settings_.two-factor/route";
import type { TradingPageData } from "~/routes/stock.trading.$symbol.$market.$name/types";
import { mintReviewKey } from "~/session/review-key.server";
import { commitSession, startSession } from "~/session/session.server";
import { getToast } from "~/session/toast.server";
import { cookieHeaderFrom, formRequest, getRequest, settle, type ReplyJson } from "~/testing/http";
import { ok, scriptedProvider, sendProviderCallsTo } from "~/testing/provider-double";
import { orderHref } from "~/utils/hrefs";
import { getRequestContext } from "~/utils/request.server";

import enCommon from "../../locales/en/common.json";
import enProducts from "../../locales/en/products.json";
import enSecurity from "../../locales/en/security.json";
import enTrade from "../../locales/en/trade.json";
import enWallet from "../../locales/en/wallet.json";
import { createTestProvider, type TestProvider, type TestProviderOptions } from "../../provider/testing";
import {
  newBuyer,
  newKey,
  newTrader,
  operator,
  OPERATOR,
  TX_PASSWORD,
  useInProcessProvider,
} from "../../provider/tests/helpers";

// The provider's own test helpers that route tests use, re-exported: app tests import `provider/tests/` only through
// this module (an ESLint rule, docs/ARCHITECTURE.md#tests).
export {
  customer as providerCustomer,
  newBuyer,
  newTrader,
  operator,
  ordersOf,
  TX_PASSWORD,
} from "../../provider/tests/helpers";
export { createFrozenDatabaseProvider, type FrozenDatabaseProvider } from "../../provider/tests/frozen-database";
export type { TestProvider, TestProviderOptions } from "../../provider/testing";

export { ORIGIN, cookieHeaderFrom, formRequest, getRequest, routeArgs, settle, type ReplyJson } from "~/testing/http";
export {
  no,
  ok,
  providerLogout,
  scriptedProvider,
  sendProviderCallsTo,
  ScriptedReply,
  type ProviderCall,
  type Reply,
  type ScriptedProvider,
} from "~/testing/provider-double";

/** A loader or an action, as a test calls it. */
export type Route = (args: {
  request: Request;
  params: Record<string, string>;
  context: AppLoadContext;
}) => Promise<Response> | Response;

/** Screens warn on purpose when the provider fails: quiet in every test. */
function quietWarnings() {
  beforeEach(() => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });
}

/**
 * Every provider call of the app goes to a real test provider of this file or `describe` (created in beforeAll,
 * closed in afterAll). The object returned stands for that provider from the first test on.
 */
export function useRealProvider(options?: TestProviderOptions): TestProvider {
  const provider = useInProcessProvider(options);
  let uninstall: (() => void) | undefined;
  beforeAll(() => {
    uninstall = sendProviderCallsTo((request) => provider.fetch(request));
  });
  afterAll(() => uninstall?.());
  quietWarnings();
  return provider;
}

/**
 * THE route-test fixture (docs/ARCHITECTURE.md#tests): a real provider for the file or `describe` it is called in
 * (`useRealProvider`), and what a screen's tests do with it.
 * - `customer(balance?)`: a fresh customer, signed in (`signedInTrader`): `{ cookie, id, phone, token }`.
 * - `useSignedIn(balance?)`: one such customer for the whole file or `describe`, made before its first test (call it
 *   where the fixture is called; `useSignedInTrader`).
 * - `buyer(balance?, password?)`: a fresh customer with a transaction password, signed in (`signedInBuyer`).
 * - `post(action, path, fields, cookie, params?)`: the action's answer to the form posted at `path`.
 * - `confirm(action, location, fields, cookie, params?)`: a review's Confirm posted at the review's `location`, with
 *   `intent=confirm` and the idempotency key the location carries (`?key=`), as the browser posts it.
 * - `toast(response)`: the toast the response sets, in English as the customer reads it (null when none).
 * - `operator`: the operator's calls on this provider (approve a card, create an offer…).
 */
export function useRouteFixture(options?: TestProviderOptions) {
  const provider = useRealProvider(options);
  return {
    provider,
    customer: (balance?: string) => signedInTrader(provider, balance),
    useSignedIn: (balance?: string) => useSignedInTrader(provider, balance),
    buyer: (balance?: string, password?: string | null) => signedInBuyer(provider, balance, password),
    post,
    confirm,
    toast,
    operator: operator(provider),
  };
}

/** The provider token of `useScriptedProvider`'s signed-in customer (unless a test passes its own). */
export const SCRIPTED_TOKEN = "t".repeat(43);

/**
 * While `run` runs, every provider call of the app goes to another provider on `provider`'s database, made with
 * `options` and `provider`'s time (another instance of the same deployment: e.g. one without the two-factor key,
 * docs/decisions/0334); it is closed afterwards.
 */
export async function throughAnotherInstance<T>(
  provider: TestProvider,
  options: TestProviderOptions,
  run: (other: TestProvider) => Promise<T>,
): Promise<T> {
  const other = await createTestProvider({ ...options, sameDatabaseAs: provider });
  other.clock.set(provider.clock.now());
  const restore = sendProviderCallsTo((request) => other.fetch(request));
  try {
    return await run(other);
  } finally {
    restore();
    await other.close();
  }
}

/**
 * Every provider call of the app, in this file or `describe`, goes to the scripted double (reset before each test);
 * `session.cookie` is a signed-in customer's (the token is never checked: the double answers what a test scripts;
 * pass `token` when a test reads it back from `provider.calls`).
 */
export function useScriptedProvider(options: { token?: string } = {}) {
  const provider = scriptedProvider();
  const session = { cookie: "" };
  beforeAll(async () => {
    provider.install();
    session.cookie = await sessionCookie({ token: options.token ?? SCRIPTED_TOKEN, phone: "9876543210", id: 1 });
  });
  afterAll(() => provider.uninstall());
  beforeEach(() => provider.reset());
  quietWarnings();
  return {
    provider,
    session,
    /** The loader's response at `path` for the signed-in customer (a thrown redirect is returned too). */
    get: (loader: Route, path: string, params: Record<string, string> = {}) =>
      settle(() => loader({ request: getRequest(path, session.cookie), params, context: {} })),
    /** The action's response to the form `fields` posted at `path` by the signed-in customer. */
    post: (action: Route, path: string, fields: Record<string, string>, params: Record<string, string> = {}) =>
      post(action, path, fields, session.cookie, params),
    formErrors,
    /** The toast `response` sets for the signed-in customer (null when none). */
    toastOf: (response: Response) => toastOf(response, session.cookie),
    /** `loader` at `path` while the provider does not answer: 503 and the screen's own failed state. */
    expectFailedState: async (loader: Route, path: string) => {
      provider.respond(failWith(new ProviderUnavailableError("timeout")));
      const response = await settle(() =>
        loader({ request: getRequest(path, session.cookie), params: {}, context: {} }),
      );
      expect(response.status, `GET ${path}`).toBe(503);
      expect(await response.json()).toMatchObject({ failed: true });
    },
  };
}

/** A scripted reply that fails with `error` (a `ProviderError` with its code, a `ProviderUnavailableError`…). */
export const failWith = (error: unknown) => () => {
  throw error;
};

/** The session cookie (`name=value`) of a customer signed in with a provider token. */
export async function sessionCookie(customer: { token: string; phone: string; id: number }): Promise<string> {
  const session = startSession({ token: customer.token, user: { user: customer.phone, no: String(customer.id) } });
  return (await commitSession(session)).split(";")[0];
}

/** A fresh customer with `balance`, signed in: the session cookie, the user id, the phone and the provider token. */
export async function signedInTrader(provider: TestProvider, balance = "100000.00") {
  const trader = await newTrader(provider, balance);
  return { cookie: await sessionCookie(trader), ...trader };
}

/** A fresh customer (`signedInTrader`) made before the file's (or `describe`'s) first test: `customer.cookie`, `.id`… */
export function useSignedInTrader(provider: TestProvider, balance?: string) {
  const customer = {
    cookie: "",
    id: 0,
    phone: "",
    token: "",
    /** The app's provider client for this customer's session. */
    context: () => providerContext(customer.cookie),
    /** The toast `response` leaves for this customer's next page. */
    toastOf: (response: Response) => toastOf(response, customer.cookie),
  };
  beforeAll(async () => {
    Object.assign(customer, await signedInTrader(provider, balance));
  });
  return customer;
}

/** A fresh customer with `balance` and (unless null) the transaction password TX_PASSWORD, signed in. */
export async function signedInBuyer(
  provider: TestProvider,
  balance = "1000000.00",
  password: string | null = TX_PASSWORD,
) {
  const buyer = await newBuyer(provider, balance, password);
  return { cookie: await sessionCookie(buyer), ...buyer };
}

/** The toast a response sets, in English as the customer reads it (any screen's), or null. */
export const toast = (response: Response) =>
  toastText(response, {
    common: enCommon,
    wallet: enWallet,
    products: enProducts,
    trade: enTrade,
    security: enSecurity,
  });

/** The errors of a refused form that belong to no field (its form-level message), or null. */
export const formErrors = async (response: Response) =>
  ((await response.json()) as ReplyJson).result.error?.[""] ?? null;

/** The English toast a wallet or settings redirect sets. */
export const walletToast = (response: Response) => toastText(response, { common: enCommon, wallet: enWallet });

/** The English toast a product purchase redirect sets. */
export const productsToast = (response: Response) => toastText(response, { products: enProducts, common: enCommon });

/** The English toast a trading redirect (an order, a cancel) sets. */
export const tradeToast = (response: Response) => toastText(response, { trade: enTrade, common: enCommon });

/** The toast a response sets as the app stored it (its key, values and type), or null. */
export async function toastOf(response: Response, previousCookie = "") {
  return (await getToast(getRequest("/", cookieHeaderFrom(response, previousCookie)))).toast;
}

/** The provider context of the customer of `cookie`, for calling the app's provider client directly. */
export const providerContext = async (cookie: string) => (await getRequestContext(getRequest("/", cookie))).provider;

/**
 * A fresh customer (₹1,00,000) with an open limit buy of 10 RELIANCE.NS at ₹2,350, placed through the app's client
 * (the operator holds RELIANCE.NS at ₹2,400 first): the order's number and its `/orders/{no}/{page}` address.
 */
export async function customerWithLimitBuy(
  provider: TestProvider,
  page: "modify" | "cancel",
  validity: "day" | "gtc" = "gtc",
) {
  await operatorCall("/operator/price", { body: { symbol: "RELIANCE.NS", prices: ["2400"] } });
  const trader = await signedInTrader(provider, "100000.00");
  const deal = await placeBuyOrder(await providerContext(trader.cookie), {
    tag: "RELIANCE.NS",
    market: "IN",
    count: 10,
    idempotencyKey: mintReviewKey(trader.token),
    terms: { orderType: "limit", limitPrice: "2350", validity },
  });
  return { ...trader, deal, no: deal.no, path: `/orders/${deal.no}/${page}` };
}

/** A phone number no customer has yet (a real provider's fresh sign-up). */
export const newPhone = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;

/** An operator call to the real provider of the file (its operator endpoint, as the operator's tools make it). */
export async function operatorCall<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await providerFetch(path, {
    method: init.method ?? (init.body ? "POST" : "GET"),
    headers: { "x-operator-key": process.env.OPERATOR_KEY ?? "test-operator-key", "Content-Type": "application/json" },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const envelope = (await response.json()) as { msg: string; data: T };
  expect(envelope.msg, `operator ${path}`).toBe("ok");
  return envelope.data;
}

/** An invitation code the operator creates on the real provider before the file's (or `describe`'s) first test. */
export function useInvitationCode() {
  const invite = { code: "" };
  beforeAll(async () => {
    invite.code = `INV${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;
    await operatorCall("/operator/invitation-codes", { body: { code: invite.code } });
  }, 60_000);
  return invite;
}

/**
 * A visitor (no session) on a real provider for the file or `describe`: an invitation code the operator created
 * (`invite.code`), and the sign-up and login forms posted as the browser posts them (fresh phones: `newPhone`).
 */
export function useVisitor() {
  const provider = useRealProvider();
  const invite = useInvitationCode();
  return {
    provider,
    invite,
    register: async (fields: Record<string, string>) =>
      post((await import("~/routes/register")).action, "/register", fields, ""),
    login: async (fields: Record<string, string>) =>
      post((await import("~/routes/login")).action, "/login", fields, ""),
  };
}

/** The scripted provider's reply to a login (`/stock/user/login`) of 9876543210; `data` overrides its fields. */
export const scriptedLoginReply = (data: Record<string, unknown> = {}) => ({
  json: ok({
    token: "t1",
    expires_at: "2030-01-01T00:00:00Z",
    user: "9876543210",
    no: 5,
    img: null,
    total: "0.00",
    money: "0.00",
    loan: "0.00",
    ...data,
  }),
});

/** A visitor (no session) on `path` is sent to log in, and back to `path` after it. */
export async function expectSentToLogin(loader: Route, path: string, params: Record<string, string> = {}) {
  const response = await settle(() => loader({ request: getRequest(path), params, context: {} }));
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
}

/** A loader's JSON at `path` for the customer of `cookie`; anything but 200 fails the test. */
export async function load<T>(
  loader: Route,
  path: string,
  cookie: string,
  params: Record<string, string> = {},
): Promise<T> {
  const response = await settle(() => loader({ request: getRequest(path, cookie), params, context: {} }));
  expect(response.status, `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** An action's response to the form `fields` posted at `path` (a thrown redirect is returned too). */
export const post = (
  action: Route,
  path: string,
  fields: Record<string, string>,
  cookie: string,
  params: Record<string, string> = {},
) => settle(() => action({ request: formRequest(path, fields, { cookie }), params, context: {} }));

/** Where a response redirects to (anything but a 302 fails the test): e.g. a review step's URL. */
export async function locationOf(response: Response | Promise<Response>): Promise<string> {
  const settled = await response;
  expect(settled.status, "a redirect").toBe(302);
  return settled.headers.get("Location")!;
}

/** The idempotency key a review's URL carries (`?key=`); a URL without one fails the test. */
export function reviewKeyOf(location: string): string {
  const key = REVIEW_KEY_PATTERN.exec(location)?.[1];
  expect(key, `a review key in ${location}`).toBeTruthy();
  return key!;
}

/** A review's Confirm posted at its `location`: `intent=confirm`, `fields` and the key the location carries. */
export const confirm = (
  action: Route,
  location: string,
  fields: Record<string, string>,
  cookie: string,
  params: Record<string, string> = {},
) => post(action, location, { intent: "confirm", ...fields, idempotency_key: reviewKeyOf(location) }, cookie, params);

/**
 * Two-factor turned on for the customer of `cookie` through /settings/two-factor (docs/product.md#two-factor-and-devices).
 * Returns `code()`, a current authenticator code at the provider's clock; a step works once, so advance
 * `provider.clock` 30 s between two uses. The code used to turn it on is already behind the clock. `code.recoveryCodes`:
 * the 10 recovery codes shown when it was turned on.
 */
export async function turnOnTwoFactor(provider: TestProvider, cookie: string) {
  const page = "/settings/two-factor";
  await post(twoFactorAction, page, { intent: "start" }, cookie);
  const { setup } = await load<TwoFactorData>(twoFactorLoader, `${page}?step=setup`, cookie);
  const totp = new TOTP({ secret: Secret.fromBase32(setup!.secretGroups.replace(/ /g, "")) });
  const code = () => totp.generate({ timestamp: provider.clock.now().getTime() });
  const enabled = await post(twoFactorAction, `${page}?step=setup`, { intent: "enable", code: code() }, cookie);
  expect(enabled.status, "two-factor turned on").toBe(200);
  const { codes } = (await enabled.json()) as { codes: string[] };
  provider.clock.advance(30_000);
  return Object.assign(code, { recoveryCodes: codes });
}

/** A 6-digit code that is not `right` (a wrong authenticator code). */
export const wrongCode = (right: string) => (right === "000000" ? "111111" : "000000");

/** The reply of a refused form: status 400 (else the test fails) and Conform's result. */
export async function refusedForm(response: Response): Promise<ReplyJson["result"]> {
  expect(response.status).toBe(400);
  return ((await response.json()) as ReplyJson).result;
}

/** The field errors of a refused form (status 400, else the test fails), as the customer reads them. */
export const fieldErrors = async (response: Response) => (await refusedForm(response)).error ?? {};

/** The toast a response sets, in English as the customer reads it; `resources`: the namespaces its key may use. */
export async function toastText(response: Response, resources: LocaleResources): Promise<string | null> {
  const toast = (await getToast(getRequest("/", cookieHeaderFrom(response)))).toast;
  return toast ? createPageI18n({ locale: "en", resources }).t(toast.key, toast.values) : null;
}

/** A review's idempotency key minted for `useScriptedProvider`'s session (app/session/review-key.server.ts). */
export const SCRIPTED_REVIEW_KEY = mintReviewKey(SCRIPTED_TOKEN);
export const WALLET_CONFIG = [
  { tag: "min_withdraw_count", value: "100" },
  { tag: "min_recharge_count", value: "5000" },
  { tag: "min_loan_count", value: "500" },
  { tag: "convert_rate", value: "20" },
];
export const WALLET_CARD = {
  id: 3,
  bank: "HDFC Bank",
  type: "HDFC Bank",
  branch_bank: "",
  bank_card: "501001234567",
  bank_user: "Asha Rao",
  ifsc: "HDFC0000060",
  status: 1,
  reason: null,
  created_at: "",
  updated_at: "",
};

/** The scripted provider of the money screens: config, cards, and `money` for the POST under test. */
export function scriptWallet(provider: ReturnType<typeof scriptedProvider>, money: (path: string) => unknown) {
  provider.respond((call) => {
    if (call.path === "/v2/config") return WALLET_CONFIG;
    if (call.path === "/stock/success/bank/list") return [WALLET_CARD];
    if (call.path === "/stock/success/v2/user/info")
      return {
        user: "9876543210",
        no: 1,
        img: "",
        total: "1000.00",
        money: "1000.00",
        loan: "0.00",
        market_value: "0.00",
        held: "0.00",
      };
    return money(call.path);
  });
}

/** A stock on the buy/sell screen: its URL's symbol, market and name. */
export type TradeTarget = { symbol: string; market: string; name: string };
export const RELIANCE: TradeTarget = { symbol: "RELIANCE.NS", market: "IN", name: "Reliance Industries" };
/** The buy/sell screen's route module, imported the first time a test places an order (most tests never do). */
const tradingRoute = () => import("~/routes/stock.trading.$symbol.$market.$name/route");
const tradingParams = (target: TradeTarget) => ({ symbol: target.symbol, market: target.market, name: target.name });

/** The buy/sell screen's data for `query` (type=buy unless the query says otherwise); anything but 200 fails. */
export async function loadTrading(
  cookie: string,
  query: Record<string, string | number>,
  target: TradeTarget = RELIANCE,
): Promise<TradingPageData> {
  const { loader } = await tradingRoute();
  const path = orderHref(target, { type: "buy", ...query });
  return load<TradingPageData>(loader, path, cookie, tradingParams(target));
}

/** The buy/sell screen's answer to `fields` posted at `url`. */
export async function postTrading(
  cookie: string,
  fields: Record<string, string>,
  url: string = orderHref(RELIANCE, { type: "buy" }),
  target: TradeTarget = RELIANCE,
) {
  const { action } = await tradingRoute();
  return post(action, url, fields, cookie, tradingParams(target));
}

/** "Review order": the review URL the action redirected to (anything but a redirect fails the test). */
export async function reviewOrder(
  cookie: string,
  order: { type: "buy" | "sell"; quantity: number; position?: string; lot?: string },
  target: TradeTarget = RELIANCE,
) {
  const fields: Record<string, string> = {
    intent: "review",
    type: order.type,
    position: order.position ?? "half",
    quantity: String(order.quantity),
  };
  if (order.lot) fields.lot = order.lot;
  const response = await postTrading(cookie, fields, orderHref(target, { type: order.type }), target);
  expect(response.status).toBe(302);
  return response.headers.get("Location")!;
}

/** The review page at `url` and the Confirm it renders, posted as the browser would post it. */
export async function confirmAt(cookie: string, url: string, target: TradeTarget = RELIANCE) {
  const query = Object.fromEntries(new URL(url, "http://localhost").searchParams);
  const page = await loadTrading(cookie, query, target);
  expect(page.review).not.toBeNull();
  const fields: Record<string, string> = {
    intent: "confirm",
    type: page.side,
    position: page.review!.position,
    quantity: String(page.review!.quantity),
    idempotency_key: page.review!.key,
  };
  if (page.review!.lot) fields.lot = page.review!.lot;
  return { page, response: await postTrading(cookie, fields, url, target) };
}

/**
 * A fresh customer (₹10,00,000) who bought one of each through the buy/sell screen: RELIANCE.NS and TCS.NS (IN),
 * AAPL (US) and EURUSD=X (forex); signed in. The positions and records screens' tests start from it.
 */
export async function tradedCustomer(provider: TestProvider) {
  const trader = await signedInTrader(provider, "1000000.00");
  for (const target of [
    RELIANCE,
    { symbol: "TCS.NS", market: "IN", name: "TCS" },
    { symbol: "AAPL", market: "US", name: "Apple" },
    { symbol: "EURUSD=X", market: "FOREX", name: "EUR/USD" },
  ]) {
    const { response } = await confirmAt(
      trader.cookie,
      await reviewOrder(trader.cookie, { type: "buy", quantity: 1 }, target),
      target,
    );
    expect(response.status).toBe(302);
  }
  return trader;
}

/**
 * A fresh customer (₹50,000, signed in) who bought 10 INFY.NS at ₹1,000 (10000 + fee 3.00) and sold 4 of them at
 * ₹1,100 (4400 − fee 1.32 against 10003.00 × 4/10): the hand-worked profit and loss the positions and statements
 * tests read. `buy` and `sell` are the two orders' numbers.
 */
export async function infyRoundTrip(provider: TestProvider) {
  const trader = await signedInTrader(provider, "50000.00");
  await setPrice(provider, "INFY.NS", ["1000"]);
  const buy = await buyNow(provider, trader.token, "INFY.NS", 10);
  await setPrice(provider, "INFY.NS", ["1100"]);
  const sell = await sellNow(provider, trader.token, buy, 4);
  return { ...trader, buy, sell };
}

/** A scripted quote reply (`/v2/yahoo`) of TCS.NS at ₹10 with one candle and its chart paths. */
export const SCRIPTED_QUOTE = {
  symbol: "TCS.NS",
  name: "Tata Consultancy Services",
  market: "IN",
  price: 10,
  change: 1,
  changePercent: 11.11,
  open: 9,
  high: 10.5,
  low: 8.9,
  previousClose: 9,
  volume: 5,
  rows: [{ timestamp: 1, open: 9, high: 10.5, low: 8.9, close: 10, volume: 5 }],
  linePath: "M0 0 L300 100",
  areaPath: "M0 0 L300 100 L300 100 L0 100 Z",
};

/** A scripted order (a deal as the provider answers it), filled; `fields` say what it is. */
export const scriptedDeal = (fields: Record<string, unknown>) => ({
  id: 7,
  no: "2026112300000042",
  name: "x",
  mold: "stock",
  sell_price: null,
  profit: null,
  status: 1,
  status_name: "success",
  position_no: null,
  created_at: "2026-11-23T03:00:00.000Z",
  filled_at: "2026-11-23T03:00:00.000Z",
  expires_at: null,
  held: "0.00",
  ...fields,
});

/** Two chat messages as the provider lists them (newest first): the customer asks, the operator answers. */
export const SCRIPTED_CHAT_MESSAGES = [
  {
    id: 12,
    sender: "operator",
    content: "Hello, how can we help?",
    read: true,
    created_at: "2026-11-23T10:01:00.000Z",
  },
  {
    id: 11,
    sender: "customer",
    content: "Where is my withdrawal?",
    read: true,
    created_at: "2026-11-23T10:00:00.000Z",
  },
];

/** A review's idempotency key: a UUID and the tag of the session it was minted for (app/session/review-key.server.ts). */
export const REVIEW_KEY = "[0-9a-f-]{36}_[\\w-]{22}";
/** The idempotency key a money form's review step carries in its URL (`?key=` or `&key=`). */
export const REVIEW_KEY_PATTERN = new RegExp(`[?&]key=(${REVIEW_KEY})$`);

/** A customer's wallet transfers of one kind, read straight from the provider's database. */
export function transfersOf(provider: TestProvider, userId: number, kind: "recharge" | "withdraw") {
  return provider.db
    .selectFrom("transfers")
    .selectAll()
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .execute();
}

/**
 * Straight to the real provider, for figures worked out by hand (docs/product.md#profit-and-loss): the operator's
 * price path of `symbol` from now, and a customer's market buy or sell there; each returns its order number.
 */
export async function setPrice(provider: TestProvider, symbol: string, prices: string[], stepSeconds?: number) {
  const res = await provider.call("/api/operator/price", {
    headers: OPERATOR,
    body: { symbol, prices, ...(stepSeconds ? { step_seconds: stepSeconds } : {}) },
  });
  expect(res.body.msg, `price ${symbol}`).toBe("ok");
}
export async function buyNow(provider: TestProvider, token: string, tag: string, count: number): Promise<string> {
  const res = await provider.call("/api/stock/success/deal/order", {
    token,
    body: { tag, count, mold: "stock", state: "buy", idempotency_key: newKey() },
  });
  expect(res.body.msg, `buy ${tag}`).toBe("ok");
  return res.body.data.no as string;
}
export async function sellNow(provider: TestProvider, token: string, no: string, count: number): Promise<string> {
  const res = await provider.call("/api/stock/success/deal/sell", {
    token,
    body: { no, count, idempotency_key: newKey() },
  });
  expect(res.body.msg, `sell ${no}`).toBe("ok");
  return res.body.data.no as string;
}
