import { Hono } from "hono";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

import type { Deployment } from "./config";
import { TOKEN_TTL_MS, TWO_FACTOR_ISSUER_DEFAULT, listedMarkets } from "./config";
import type { DB } from "./db/database";
import { isDatabaseUnavailable } from "./db/errors";
import { LogoutError, ProviderError } from "./errors";
import { accountRoutes } from "./http/accounts";
import { alertRoutes } from "./http/alerts";
import { chatRoutes } from "./http/chat";
import type { Env, Services } from "./http/context";
import { healthRoutes } from "./http/health";
import { marketRoutes } from "./http/market";
import { newsRoutes } from "./http/news";
import { openApiRoutes } from "./http/openapi";
import { operatorRoutes, type OperatorAuditLog } from "./http/operator";
import { productRoutes } from "./http/products";
import { settingsRoutes } from "./http/settings";
import { tradingRoutes } from "./http/trading";
import { twoFactorRoutes } from "./http/two-factor";
import { UPLOAD_PATH, uploadRoutes } from "./http/uploads";
import { walletRoutes } from "./http/wallet";
import { watchlistRoutes } from "./http/watchlist";
import { MarketHours } from "./market/hours";
import { PricedMarket } from "./market/price-paths";
import type { MarketSource } from "./market/source";
import type { Notifier } from "./notifier";
import { createAccounts, LOGIN_RULES } from "./services/accounts";
import { createBankCards } from "./services/bank-cards";
import { createBlockTrades } from "./services/block-trades";
import { createChat } from "./services/chat";
import { createCustomerSettings } from "./services/customer-settings";
import { createDevices } from "./services/devices";
import { createFundProducts } from "./services/fund-products";
import { createFunds } from "./services/funds";
import { createHealthProbe } from "./services/health";
import { createIpos } from "./services/ipo";
import { createKyc } from "./services/kyc";
import { createLoans } from "./services/loans";
import { createCatalog } from "./services/market";
import { createMarketTicks, type MarketTicks } from "./services/market-ticks";
import { createNews } from "./services/news";
import { createNewsDesk } from "./services/news-desk";
import { createOperatorTools } from "./services/operator-tools";
import { createPortfolio, type Portfolio } from "./services/portfolio";
import { createPriceAlerts, type PriceAlerts } from "./services/price-alerts";
import { createPricePaths, type PricePaths } from "./services/price-paths";
import { createSecurity } from "./services/security";
import { createStatements } from "./services/statements";
import { createTrading, type Trading } from "./services/trading";
import { createTwoFactor } from "./services/two-factor";
import { createUploads } from "./services/uploads";
import { createWallet } from "./services/wallet";
import { createWatchlist } from "./services/watchlist";

export interface ProviderDeps {
  db: DB;
  market: MarketSource;
  notifier: Notifier;
  /** The clock. Every timestamp the provider writes or compares comes from here. */
  now: () => Date;
  deployment: Deployment;
  /** None: the operator API is closed (provider/operator-key.ts). */
  operatorKey?: string;
  /** Where the operator audit lines go (default console.log; http/operator.ts). */
  auditLog?: OperatorAuditLog;
  tokenTtlMs?: number;
  /** How long an authenticated token is trusted without the database (default TOKEN_CACHE_MS, 10 s; 0 = never). */
  tokenCacheMs?: number;
  /** Where unexpected errors go (default console.error). The client only ever sees `server_error`. */
  logError?: (message: string, error: unknown) => void;
  /** Trading sessions (default: every market always open). */
  marketHours?: MarketHours;
  /** Shared with the settlement sweep and the tick loop; built from the other deps when absent. */
  marketServices?: MarketServices;
  /** Runs first on every request (provider/http/stats.ts, PROVIDER_STATS=1). */
  requestStats?: MiddlewareHandler;
  /** The key sealing two-factor secrets (32 bytes, provider/two-factor-key.ts); none: two-factor is not offered. */
  twoFactorKey?: Buffer;
  /** The name authenticator apps show (TWO_FACTOR_ISSUER, default TWO_FACTOR_ISSUER_DEFAULT). */
  twoFactorIssuer?: string;
}

/** The services the running provider's own loops share with the routes: trading, price alerts and paths, the ticks. */
export interface MarketServices {
  trading: Trading;
  /** Profit and loss, and the day values the settlement sweep records after each day's close (docs/decisions/0463). */
  portfolio: Portfolio;
  priceAlerts: PriceAlerts;
  pricePaths: PricePaths;
  ticks: MarketTicks;
}

/**
 * Built once per provider (bootstrap.ts hands them to the settlement sweep and the tick loop, and here to the routes).
 * The market is the one every price comes from; the operator's price paths need it to be a PricedMarket (bootstrap's
 * always is: market/price-paths.ts), otherwise they get a wrapper of their own that no one else reads.
 */
export function marketServicesFor(
  deps: Pick<ProviderDeps, "db" | "market" | "now" | "deployment" | "marketHours">,
): MarketServices {
  const { db, market, now } = deps;
  const trading = createTrading({
    db,
    market,
    now,
    hours: deps.marketHours ?? new MarketHours(),
    listedMarkets: listedMarkets(deps.deployment),
    walletCurrency: deps.deployment,
  });
  const portfolio = createPortfolio({ db, market, now, walletCurrency: deps.deployment, trading });
  const priceAlerts = createPriceAlerts({ db, market, now, listedMarkets: listedMarkets(deps.deployment) });
  const priced = market instanceof PricedMarket ? market : new PricedMarket(market);
  const pricePaths = createPricePaths({ db, market: priced, now });
  const ticks = createMarketTicks({ trading, priceAlerts, pricePaths, now });
  return { trading, portfolio, priceAlerts, pricePaths, ticks };
}

/**
 * Every service, built once from the provider's deps, each given exactly what it uses: the one place services are
 * wired (docs/decisions/0220-services-built-once-in-one-place.md). The customer and operator routes share them.
 */
export function createServices(deps: ProviderDeps): Services {
  const { db, market, now, deployment, notifier } = deps;
  const catalog = createCatalog({ db, market, deployment, now });
  const twoFactor = createTwoFactor({
    db,
    now,
    key: deps.twoFactorKey,
    issuer: deps.twoFactorIssuer ?? TWO_FACTOR_ISSUER_DEFAULT,
    loginRules: LOGIN_RULES,
  });
  // Money that leaves (cards, withdrawals, the transaction password) asks for a code when two-factor is on.
  const walletDeps = { db, now, deployment, stepUp: twoFactor.stepUp };
  const productDeps = { db, market, now, deployment };
  const marketServices = deps.marketServices ?? marketServicesFor(deps);
  const { portfolio } = marketServices;
  return {
    deployment,
    operatorKey: deps.operatorKey,
    accounts: createAccounts({
      db,
      now,
      notifier,
      tokenTtlMs: deps.tokenTtlMs ?? TOKEN_TTL_MS,
      tokenCacheMs: deps.tokenCacheMs,
      twoFactor,
    }),
    twoFactor,
    devices: createDevices({ db, now }),
    security: createSecurity(walletDeps),
    trading: marketServices.trading,
    portfolio,
    statements: createStatements({ db, now, deployment, portfolio }),
    priceAlerts: marketServices.priceAlerts,
    pricePaths: marketServices.pricePaths,
    catalog,
    watchlist: createWatchlist({ db, market, catalog, now }),
    news: createNews({ db }),
    wallet: createWallet({ db, now }),
    customerSettings: createCustomerSettings({ db, now }),
    funds: createFunds(walletDeps),
    bankCards: createBankCards(walletDeps),
    loans: createLoans(walletDeps),
    kyc: createKyc(walletDeps),
    uploads: createUploads(walletDeps),
    blockTrades: createBlockTrades(productDeps),
    ipos: createIpos(productDeps),
    fundProducts: createFundProducts(productDeps),
    chat: createChat(productDeps),
    newsDesk: createNewsDesk(productDeps),
    operatorTools: createOperatorTools({ db, now }),
    health: createHealthProbe({ db, now }),
  };
}

export function createProviderApp(deps: ProviderDeps) {
  const services = createServices(deps);
  const logError = deps.logError ?? ((message, error) => console.error(message, error));
  const logOutage = outageLog();

  const api = new Hono<Env>();
  if (deps.requestStats) api.use("*", deps.requestStats);
  const smallBodies = bodyLimit({
    maxSize: 64 * 1024,
    onError: (c) => c.json({ msg: "no", data: { code: "invalid_input", message: "body too large" } }, 413),
  });
  // The upload route has its own, larger limit (http/uploads.ts); every other body stays under 64 KB.
  api.use("*", (c, next) => (c.req.path === UPLOAD_PATH && c.req.method === "POST" ? next() : smallBodies(c, next)));
  api.route("/", healthRoutes(services));
  api.route("/", accountRoutes(services));
  api.route("/", walletRoutes(services));
  api.route("/", settingsRoutes(services));
  api.route("/", uploadRoutes(services, deps.auditLog));
  api.route("/", marketRoutes(services));
  api.route("/", newsRoutes(services));
  api.route("/", watchlistRoutes(services));
  api.route("/", tradingRoutes(services));
  api.route("/", productRoutes(services));
  api.route("/", chatRoutes(services));
  api.route("/", twoFactorRoutes(services));
  api.route("/", alertRoutes(services));
  api.route("/", openApiRoutes());
  api.route("/operator", operatorRoutes(services, deps.auditLog));

  const app = new Hono<Env>();
  app.route("/api", api);

  app.notFound((c) => c.json({ msg: "no", data: { code: "not_found" } }, 404));
  app.onError((error, c: Context) => {
    if (error instanceof LogoutError) {
      return c.json(error.reason ? { msg: "logout", data: { reason: error.reason } } : { msg: "logout" }, 400);
    }
    if (error instanceof ProviderError) {
      return c.json(
        {
          msg: "no",
          data: {
            code: error.code,
            ...(error.publicMessage ? { message: error.publicMessage } : {}),
            ...(error.field ? { field: error.field } : {}),
          },
        },
        error.status,
      );
    }
    const where = `${c.req.method} ${new URL(c.req.url).pathname}`;
    // The database dropped or refused the connection: nothing was done (or a commit's reply was lost), and asking
    // again later is safe; a money POST keeps its idempotency key (docs/decisions/0330-database-outage-answers-503.md).
    if (isDatabaseUnavailable(error)) {
      logOutage(where, error);
      return c.json({ msg: "no", data: { code: "database_unavailable" } }, 503);
    }
    logError(`[provider] ${where} failed:`, error);
    return c.json({ msg: "no", data: { code: "server_error" } }, 500);
  });
  return app;
}

export type ProviderApp = ReturnType<typeof createProviderApp>;

/**
 * One warning line, without a stack, for requests refused because the database is unavailable: the first at once,
 * then at most one each 10 s with the count since (an outage under load would otherwise write one per request).
 */
function outageLog(everyMs = 10_000) {
  let lastAt = -Infinity;
  let since = 0;
  return (where: string, error: unknown) => {
    const now = performance.now();
    if (now - lastAt < everyMs) {
      since++;
      return;
    }
    const { code, message } = error as { code?: unknown; message?: unknown };
    const reason = [code, message].filter((part) => typeof part === "string" && part).join(" ");
    console.warn(
      `[provider] database unavailable: ${where} answered 503 (${reason})${since ? `; ${since} more since the last line` : ""}`,
    );
    lastAt = now;
    since = 0;
  };
}
