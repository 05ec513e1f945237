import Decimal from "decimal.js";

import { matchLots, type Book } from "./fifo";
import { createFx } from "./fx";
import { money } from "./order-figures";
import type { Trading } from "./trading";
import type { Deployment } from "../config";
import type { DB } from "../db/database";
import { filledTrades } from "../db/repositories/orders";
import { marketDayStart } from "../market/price-paths";
import type { MarketSource } from "../market/source";

/*
 * Profit and loss (docs/product.md#profit-and-loss): each holding's lots matched first in, first out (services/fifo.ts),
 * valued at the price now and at the previous close, in the wallet's currency. docs/provider-api.md "Portfolio".
 */

export interface PortfolioDeps {
  db: DB;
  market: MarketSource;
  now: () => Date;
  walletCurrency: Deployment;
  /** Settles the user's due orders first, as the positions do. */
  trading: Pick<Trading, "settle">;
}

const ZERO = new Decimal(0);
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

  return { portfolio, realised };
}

export type Portfolio = ReturnType<typeof createPortfolio>;
