import Decimal from "decimal.js";

import { matchLots, type Book } from "./fifo";
import { createFx } from "./fx";
import { money } from "./order-figures";
import type { Trading } from "./trading";
import type { Deployment } from "../config";
import type { DB } from "../db/database";
import { filledTrades } from "../db/repositories/orders";
import { balancesUntil, recordedValues, recordValues, usersWithBills } from "../db/repositories/portfolio-values";
import type { PortfolioValuesTable } from "../db/tables/portfolio-values";
import { marketDayStart } from "../market/price-paths";
import type { MarketSource } from "../market/source";
import { MARKET_UTC_OFFSET_MINUTES } from "../market/universe";

/*
 * Profit and loss (docs/product.md#profit-and-loss): each holding's lots matched first in, first out (services/fifo.ts),
 * valued at the price now and at the previous close, in the wallet's currency. docs/provider-api.md "Portfolio".
 */

export interface PortfolioDeps {
  db: DB;
  market: MarketSource;
  now: () => Date;
  walletCurrency: Deployment;
  /** Settles the user's due orders first, as the positions do; the positions that carry the totals. */
  trading: Pick<Trading, "settle" | "positions">;
}

const ZERO = new Decimal(0);
const DAY = 86_400_000;
/** The value chart's ranges, in days back from today (ALL: from the customer's first bill). */
export const VALUE_RANGES = { "1W": 7, "1M": 30, "3M": 90, "1Y": 365, ALL: null } as const;
export type ValueRange = keyof typeof VALUE_RANGES;
const sum = (values: Decimal[]) => values.reduce((a, b) => a.plus(b), ZERO);
const percent = (part: Decimal, whole: Decimal) =>
  whole.isZero() ? "0.00" : part.div(whole).times(100).toFixed(2, Decimal.ROUND_HALF_UP);

export function createPortfolio(deps: PortfolioDeps) {
  const { db, market } = deps;
  const fx = createFx(market, deps.walletCurrency);

  function holding(book: Book, now: Date) {
    const quote = market.quote(book.tag, now);
    const inst = market.find(book.tag);
    const quantity = book.lots.reduce((n, l) => n + l.count, 0);
    const invested = sum(book.lots.map((l) => l.cost));
    const priceNow = quote ? new Decimal(String(quote.price)) : ZERO;
    const previousClose = quote ? new Decimal(String(quote.previousClose)) : ZERO;
    const rate = fx.conversion(book.market, now).rate;
    const value = money(priceNow.times(quantity).times(rate));
    // The day's base: shares held at the previous close at that close, shares bought since at what they cost.
    const dayStart = marketDayStart(book.market, now);
    const held = book.lots.filter((l) => l.filledAt < dayStart).reduce((n, l) => n + l.count, 0);
    const boughtToday = sum(book.lots.filter((l) => l.filledAt >= dayStart).map((l) => l.cost));
    const dayBase = money(previousClose.times(held).times(rate)).plus(boughtToday);
    const unrealised = value.minus(invested);
    const bought = sum(book.lots.map((l) => l.price.times(l.count)));
    return {
      tag: book.tag,
      name: book.name,
      market: book.market,
      precision: inst?.precision ?? 2,
      quantity,
      average_price:
        quantity === 0
          ? "0"
          : bought
              .div(quantity)
              .toDecimalPlaces(inst?.precision ?? 2)
              .toString(),
      current_price: priceNow.toNumber(),
      previous_close: previousClose.toNumber(),
      invested: invested.toFixed(2),
      current_value: value.toFixed(2),
      unrealised: unrealised.toFixed(2),
      unrealised_percent: percent(unrealised, invested),
      day_change: value.minus(dayBase).toFixed(2),
      day_change_percent: percent(value.minus(dayBase), dayBase),
      lots: book.lots.map((l) => ({
        no: l.no,
        filled_at: l.filledAt.toISOString(),
        count: l.count,
        bought_count: l.bought,
        price: l.price.toNumber(),
        cost: l.cost.toFixed(2),
      })),
      dayBase,
    };
  }

  /** Holdings, their totals and the realised gains of every sell so far. */
  async function portfolio(userId: number) {
    await deps.trading.settle(userId);
    return settledPortfolio(userId);
  }

  /**
   * A page of the positions with the portfolio's totals (`positions?totals=1`, docs/decisions/0480), so a screen that
   * shows both needs one call. The positions settle the user's due orders first; the totals read the fills after that.
   */
  async function positionsWithTotals(userId: number, q: Parameters<Trading["positions"]>[1]) {
    const page = await deps.trading.positions(userId, q);
    return { ...page, totals: (await settledPortfolio(userId)).totals };
  }

  async function settledPortfolio(userId: number) {
    const now = deps.now();
    const { books, sells } = matchLots(await filledTrades(db, userId));
    const holdings = [...books.values()]
      .filter((b) => b.lots.length > 0)
      .map((b) => holding(b, now))
      .sort((a, b) => a.tag.localeCompare(b.tag));
    const invested = sum(holdings.map((h) => new Decimal(h.invested)));
    const value = sum(holdings.map((h) => new Decimal(h.current_value)));
    const day = sum(holdings.map((h) => new Decimal(h.day_change)));
    const dayBase = sum(holdings.map((h) => h.dayBase));
    const unrealised = value.minus(invested);
    const realised = sum(sells.map((s) => s.gain));
    const today = sells.filter((s) => s.filledAt >= marketDayStart(s.market, now));
    return {
      currency: deps.walletCurrency,
      at: now.toISOString(),
      holdings: holdings.map(({ dayBase: _base, ...h }) => h),
      totals: {
        invested: invested.toFixed(2),
        current_value: value.toFixed(2),
        unrealised: unrealised.toFixed(2),
        unrealised_percent: percent(unrealised, invested),
        day_change: day.toFixed(2),
        day_change_percent: percent(day, dayBase),
        realised: realised.toFixed(2),
        realised_today: sum(today.map((s) => s.gain)).toFixed(2),
        total: unrealised.plus(realised).toFixed(2),
      },
    };
  }

  /** Every sell filled in [from, to) with the lots it took, first in first out (the tax report's lines). */
  async function realised(userId: number, range: { from: Date; to: Date }) {
    await deps.trading.settle(userId);
    const { sells } = matchLots(await filledTrades(db, userId, range.to));
    return sells.filter((s) => s.filledAt >= range.from);
  }

  /** The deployment's calendar day of an instant, and the instant a day starts (India UTC+5:30, Mexico UTC−6). */
  const offset = MARKET_UTC_OFFSET_MINUTES[deps.walletCurrency === "INR" ? "IN" : "MX"] * 60_000;
  const dayOf = (at: Date) => new Date(at.getTime() + offset).toISOString().slice(0, 10);
  const startOf = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - offset);
  const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

  /** What the lots filled before `until` were worth at `at`, in wallet money. */
  function holdingsAt(trades: Awaited<ReturnType<typeof filledTrades>>, at: Date, until: Date): Decimal {
    const { books } = matchLots(trades.filter((t) => t.filled_at !== null && t.filled_at < until));
    let worth = ZERO;
    for (const book of books.values()) {
      const shares = book.lots.reduce((n, l) => n + l.count, 0);
      const quote = shares > 0 ? market.quote(book.tag, at) : undefined;
      if (!quote) continue;
      const rate = fx.conversion(book.market, at).rate;
      worth = worth.plus(money(new Decimal(String(quote.price)).times(shares).times(rate)));
    }
    return worth;
  }

  /**
   * The portfolio's value at each day's close over `range` (docs/product.md#portfolio-value): the wallet's money after
   * the day's last bill plus the holdings at the day's last instant. Ended days are read from `portfolio_values`;
   * a day not recorded yet (before this feature, or no one asked since it ended) is worked out from the ledger, the
   * fills and the prices at that instant, and recorded. Today's point is live and not recorded.
   */
  async function values(userId: number, range: ValueRange) {
    await deps.trading.settle(userId);
    const now = deps.now();
    const today = dayOf(now);
    const todayStart = startOf(today);
    // Everything up to this instant, this instant included.
    const upToNow = new Date(now.getTime() + 1);
    const [bills, trades] = await Promise.all([balancesUntil(db, userId, upToNow), filledTrades(db, userId)]);
    const days = VALUE_RANGES[range];
    const first = bills.length ? dayOf(bills[0].created_at) : today;
    const back = days === null ? first : dayOf(new Date(todayStart.getTime() - (days - 1) * DAY));
    const from = back < first ? first : back;
    const stored = new Map(
      (await recordedValues(db, userId, from, today)).map((r) => [
        r.day,
        { day: r.day, cash: String(r.cash), holdings: String(r.holdings), total: String(r.total) },
      ]),
    );
    const rows: { day: string; cash: string; holdings: string; total: string }[] = [];
    const missing: PortfolioValuesTable[] = [];
    let b = 0;
    let cash = new Decimal(0);
    for (let day = from; day <= today; day = nextDay(day)) {
      const end = day === today ? upToNow : startOf(nextDay(day));
      while (b < bills.length && bills[b].created_at < end) cash = new Decimal(bills[b++].balance);
      const kept = stored.get(day);
      if (kept && day !== today) {
        rows.push(kept);
        continue;
      }
      // The last instant of the day for an ended day (its close), now for today.
      const holdings = holdingsAt(trades, new Date(end.getTime() - 1), end);
      const row = { day, cash: cash.toFixed(2), holdings: holdings.toFixed(2), total: cash.plus(holdings).toFixed(2) };
      rows.push(row);
      if (day !== today) missing.push({ user_id: userId, ...row, recorded_at: now });
    }
    await recordValues(db, missing);
    return { currency: deps.walletCurrency, range, today, rows };
  }

  /** The last day whose close this provider has recorded for everyone (the sweep's memo). */
  let recordedThrough: string | null = null;

  /**
   * After a day's close (the deployment's midnight), records the ended days of the last week for every customer with a
   * bill: run by the settlement sweep (provider/bootstrap.ts), so the day values are there before anyone asks. Once a
   * day per provider; another provider's rows are kept (insert-or-keep). Returns how many customers it went through.
   */
  async function recordEndedDays(): Promise<number> {
    const today = dayOf(deps.now());
    if (recordedThrough === today) return 0;
    const users = await usersWithBills(db, startOf(today));
    for (const userId of users) await values(userId, "1W");
    recordedThrough = today;
    return users.length;
  }

  return { portfolio, positionsWithTotals, realised, values, recordEndedDays };
}

export type Portfolio = ReturnType<typeof createPortfolio>;
