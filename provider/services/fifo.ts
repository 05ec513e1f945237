import Decimal from "decimal.js";

import { money } from "./order-figures";
import type { FilledTrade } from "../db/repositories/orders";
import type { MarketCode } from "../db/tables/instruments";

/*
 * Lots matched first in, first out (docs/product.md#profit-and-loss, docs/decisions/0460-fifo-lots-for-profit-and-loss.md).
 * Every figure is in the wallet's currency: a buy's lot costs what its bill took (price × count × rate + fee), a
 * sell brings what its bill gave (price × count × rate − fee). A sell takes the oldest shares of its instrument first,
 * whichever lot the customer sold from on the sell screen; a lot partly taken keeps the rest of its cost, so the costs
 * taken and kept always add up to what was paid.
 */

export interface Lot {
  /** The buy's order number. */
  no: string;
  filledAt: Date;
  /** The buy's price in the instrument's currency. */
  price: Decimal;
  bought: number;
  /** Shares of this buy not yet matched to a sell. */
  count: number;
  /** What these `count` shares cost, fees included (wallet money). */
  cost: Decimal;
}

export interface LotTaken {
  no: string;
  filledAt: Date;
  count: number;
  cost: Decimal;
}

export interface RealisedSell {
  /** The sell's order number. */
  no: string;
  tag: string;
  name: string;
  market: MarketCode;
  filledAt: Date;
  count: number;
  price: Decimal;
  /** What the sell brought, its fee taken off. */
  proceeds: Decimal;
  fee: Decimal;
  /** What the shares it took had cost, their buy fees included. */
  cost: Decimal;
  gain: Decimal;
  lots: LotTaken[];
}

export interface Book {
  tag: string;
  name: string;
  market: MarketCode;
  lots: Lot[];
}

const walletMoney = (t: FilledTrade) => new Decimal(t.wallet_amount ?? t.amount);

/** The instruments' open lots and every sell's realised gain, from the fills in order. */
export function matchLots(trades: FilledTrade[]): { books: Map<string, Book>; sells: RealisedSell[] } {
  const books = new Map<string, Book>();
  const sells: RealisedSell[] = [];
  for (const t of trades) {
    const key = `${t.market}|${t.tag}`;
    let book = books.get(key);
    if (!book) {
      book = { tag: t.tag, name: t.name, market: t.market, lots: [] };
      books.set(key, book);
    }
    const filledAt = t.filled_at ?? new Date(0);
    if (t.state === "buy") {
      book.lots.push({
        no: t.no,
        filledAt,
        price: new Decimal(t.price),
        bought: t.count,
        count: t.count,
        cost: walletMoney(t),
      });
      continue;
    }
    let left = t.count;
    const taken: LotTaken[] = [];
    while (left > 0 && book.lots.length > 0) {
      const lot = book.lots[0];
      const n = Math.min(left, lot.count);
      const cost = n === lot.count ? lot.cost : money(lot.cost.times(n).div(lot.count));
      taken.push({ no: lot.no, filledAt: lot.filledAt, count: n, cost });
      lot.count -= n;
      lot.cost = lot.cost.minus(cost);
      if (lot.count === 0) book.lots.shift();
      left -= n;
    }
    const cost = taken.reduce((sum, l) => sum.plus(l.cost), new Decimal(0));
    const proceeds = walletMoney(t);
    sells.push({
      no: t.no,
      tag: t.tag,
      name: t.name,
      market: t.market,
      filledAt,
      count: t.count,
      price: new Decimal(t.sell_price ?? t.price),
      proceeds,
      fee: new Decimal(t.wallet_fee ?? t.fee),
      cost,
      gain: proceeds.minus(cost),
      lots: taken,
    });
  }
  return { books, sells };
}
