import Decimal from "decimal.js";

import { dealRow, money } from "./order-figures";
import type { Portfolio } from "./portfolio";
import { billRow } from "./wallet";
import type { Deployment } from "../config";
import type { DB } from "../db/database";
import { balanceBefore, billsBetween } from "../db/repositories/bills";
import { endedOrdersBetween } from "../db/repositories/orders";
import { ProviderError } from "../errors";
import { MARKET_UTC_OFFSET_MINUTES } from "../market/universe";

/*
 * Statements and the tax report (docs/product.md#statements, #tax-report; docs/provider-api.md "Statements"): the
 * account statement is the ledger's bills between two dates with the balance before and after; the trades statement
 * the orders that ended then; the tax report the realised gains of a financial year, each sell split by the lots it
 * took first in, first out (services/fifo.ts). Dates are calendar days of the deployment's own time zone.
 */

export interface StatementsDeps {
  db: DB;
  now: () => Date;
  deployment: Deployment;
  portfolio: Pick<Portfolio, "realised">;
}

const DAY = 86_400_000;
/** A statement covers at most a year: 366 days (a leap year's). */
export const MAX_STATEMENT_DAYS = 366;
export const MAX_STATEMENT_PAGE = 1000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The deployment's clock: India's (UTC+5:30) or Mexico City's (UTC−6). */
const offsetMs = (deployment: Deployment) => MARKET_UTC_OFFSET_MINUTES[deployment === "INR" ? "IN" : "MX"] * 60_000;

function dayStart(date: string, deployment: Deployment, field: string): Date {
  const m = DATE.exec(date);
  const t = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== date) {
    throw new ProviderError("invalid_input", "a date YYYY-MM-DD", field);
  }
  return new Date(t - offsetMs(deployment));
}

/** [from, to) of the calendar days `from`..`to` (both included), checked: in order, at most a year. */
export function statementRange(q: { from: string; to: string }, deployment: Deployment) {
  const from = dayStart(q.from, deployment, "from");
  const to = new Date(dayStart(q.to, deployment, "to").getTime() + DAY);
  if (to <= from) throw new ProviderError("invalid_input", "to is before from", "to");
  if (to.getTime() - from.getTime() > MAX_STATEMENT_DAYS * DAY) {
    throw new ProviderError("invalid_input", `at most ${MAX_STATEMENT_DAYS} days`, "to");
  }
  return { from, to };
}

/** A financial year: India's from 1 April `year` to 31 March `year + 1`; Mexico's the calendar year. */
export function financialYear(year: number, deployment: Deployment) {
  return deployment === "INR"
    ? { from: `${year}-04-01`, to: `${year + 1}-03-31` }
    : { from: `${year}-01-01`, to: `${year}-12-31` };
}

/** Held more than 12 months (India's line between short- and long-term gains on listed shares). */
export function heldLong(boughtAt: Date, soldAt: Date): boolean {
  const year = new Date(boughtAt);
  year.setUTCMonth(year.getUTCMonth() + 12);
  return soldAt > year;
}

export function createStatements(deps: StatementsDeps) {
  const { db, deployment } = deps;

  /** The bills of the period, a page after `after`, with the balance before its first day and after its last. */
  async function account(userId: number, q: { from: string; to: string; after: number; limit: number }) {
    const range = statementRange(q, deployment);
    const [opening, closing, bills] = await Promise.all([
      balanceBefore(db, userId, range.from),
      balanceBefore(db, userId, range.to),
      billsBetween(db, userId, range, q),
    ]);
    return {
      from: q.from,
      to: q.to,
      currency: deployment,
      opening_balance: opening,
      closing_balance: closing,
      rows: bills.rows.map(billRow),
      next: bills.next,
    };
  }

  /** The orders that ended in the period (filled, cancelled, expired), a page after order id `after`. */
  async function trades(userId: number, q: { from: string; to: string; after: number; limit: number }) {
    const range = statementRange(q, deployment);
    const { rows, next } = await endedOrdersBetween(db, userId, range, q);
    return {
      from: q.from,
      to: q.to,
      currency: deployment,
      rows: rows.map(dealRow),
      next,
    };
  }

  /**
   * The realised gains of financial year `year`: one line per lot a sell took (first in, first out), the sell's
   * proceeds shared between its lines by shares (the last line takes what rounding leaves), short- or long-term.
   */
  async function tax(userId: number, q: { year: number }) {
    const fy = financialYear(q.year, deployment);
    const range = statementRange(fy, deployment);
    const sells = await deps.portfolio.realised(userId, range);
    const lines = sells.flatMap((s) => {
      let left = s.proceeds;
      return s.lots.map((lot, i) => {
        const proceeds = i === s.lots.length - 1 ? left : money(s.proceeds.times(lot.count).div(s.count));
        left = left.minus(proceeds);
        const long = heldLong(lot.filledAt, s.filledAt);
        return {
          sell_no: s.no,
          tag: s.tag,
          name: s.name,
          market: s.market,
          sold_at: s.filledAt.toISOString(),
          sell_price: s.price.toNumber(),
          buy_no: lot.no,
          bought_at: lot.filledAt.toISOString(),
          count: lot.count,
          cost: lot.cost.toFixed(2),
          proceeds: proceeds.toFixed(2),
          gain: proceeds.minus(lot.cost).toFixed(2),
          term: long ? ("long" as const) : ("short" as const),
        };
      });
    });
    const total = (term?: "short" | "long") =>
      lines
        .filter((l) => term === undefined || l.term === term)
        .reduce((sum, l) => sum.plus(l.gain), new Decimal(0))
        .toFixed(2);
    return {
      year: q.year,
      from: fy.from,
      to: fy.to,
      currency: deployment,
      rows: lines,
      totals: {
        proceeds: lines.reduce((sum, l) => sum.plus(l.proceeds), new Decimal(0)).toFixed(2),
        cost: lines.reduce((sum, l) => sum.plus(l.cost), new Decimal(0)).toFixed(2),
        short_term: total("short"),
        long_term: total("long"),
        total: total(),
      },
    };
  }

  return { account, trades, tax };
}

export type Statements = ReturnType<typeof createStatements>;
