import Decimal from "decimal.js";

import { leaveAlerts } from "./alerts";
import { iso } from "./products-common";
import type { DB, Executor } from "../db/database";
import {
  activeAlertTags,
  countActivePriceAlerts,
  deletePriceAlert,
  findSamePriceAlert,
  fireCrossingAlerts,
  insertPriceAlert,
  listPriceAlerts,
  lockPriceAlert,
  updatePriceAlert,
} from "../db/repositories/price-alerts";
import { lockUser } from "../db/repositories/users";
import type { MarketCode } from "../db/tables/instruments";
import type { AlertCondition, AlertStatus, PriceAlertRow } from "../db/tables/price-alerts";
import { invalidInput, ProviderError } from "../errors";
import type { Instrument, MarketSource } from "../market/source";

/*
 * Price alerts (docs/decisions/0362-price-alerts.md, docs/product.md "Price alerts"): a customer watches a symbol for
 * a price at or above / at or below a level, or a day's move of N %. The tick loop (services/market-ticks.ts) fires
 * each active alert once, when a tick's quote meets it, in one statement that also leaves the "Alerts" message in the
 * support inbox (services/alerts.ts, code `price_alert`). A fired alert waits to be edited or resumed.
 */

/** Active alerts a customer may have at once. */
export const MAX_ACTIVE_ALERTS = 50;

export interface PriceAlertsDeps {
  db: DB;
  market: MarketSource;
  now: () => Date;
  /** The deployment's listed markets: an alert is on a symbol the customer can see. */
  listedMarkets: MarketCode[];
}

/** What the customer sends: prices as decimal strings (instrument's currency), the percent with up to 2 decimals. */
export interface AlertTerms {
  condition?: AlertCondition;
  price?: string;
  percent?: string;
}

export function createPriceAlerts(deps: PriceAlertsDeps) {
  const { db, market } = deps;

  function listed(symbol: string): Instrument {
    const inst = market.find(symbol);
    if (!inst || !deps.listedMarkets.includes(inst.market))
      throw new ProviderError("not_found", "unknown symbol", "tag");
    return inst;
  }

  function alertRow(a: PriceAlertRow) {
    const inst = market.find(a.tag);
    return {
      id: a.id,
      tag: a.tag,
      name: inst?.name ?? a.tag,
      type: inst?.market ?? null,
      precision: inst?.precision ?? 2,
      condition: a.condition,
      price: a.price === null ? null : Number(a.price),
      percent: a.percent === null ? null : Number(a.percent),
      status: a.status,
      created_at: a.created_at.toISOString(),
      updated_at: a.updated_at.toISOString(),
      fired_at: iso(a.fired_at),
      fired_price: a.fired_price === null ? null : Number(a.fired_price),
    };
  }

  /**
   * The terms checked: a level for above/below (positive, at most the instrument's decimals), a percent for a move
   * (0.01 to 100, at most 2 decimals); a field the condition does not take is refused on that field.
   */
  function checkTerms(inst: Instrument, t: Required<Pick<AlertTerms, "condition">> & AlertTerms) {
    if (t.condition === "move") {
      if (t.price !== undefined) throw invalidInput("price", "a daily-move alert takes a percent, not a price");
      if (t.percent === undefined) throw invalidInput("percent", "a daily-move alert needs a percent");
      const percent = new Decimal(t.percent);
      if (percent.lessThan("0.01") || percent.greaterThan(100) || percent.decimalPlaces() > 2)
        throw invalidInput("percent", "a percent from 0.01 to 100, with at most 2 decimals");
      return { condition: t.condition, price: null, percent: percent.toString() };
    }
    if (t.percent !== undefined) throw invalidInput("percent", "a price alert takes a price, not a percent");
    if (t.price === undefined) throw invalidInput("price", "a price alert needs a price");
    const price = new Decimal(t.price);
    if (!price.greaterThan(0) || price.decimalPlaces() > inst.precision)
      throw invalidInput("price", `a price above zero with at most ${inst.precision} decimals`);
    return { condition: t.condition, price: price.toString(), percent: null };
  }

  async function requireRoom(trx: Executor, userId: number) {
    if ((await countActivePriceAlerts(trx, userId)) >= MAX_ACTIVE_ALERTS)
      throw new ProviderError("too_many_alerts", `at most ${MAX_ACTIVE_ALERTS} active alerts`);
  }

  /** A page of the customer's alerts (of one status, on one symbol), without the count of their active ones. */
  async function page(userId: number, q: { status: "all" | AlertStatus; tag?: string; page: number; limit: number }) {
    const tag = q.tag ? (market.find(q.tag)?.symbol ?? q.tag.toUpperCase()) : undefined;
    const { rows, count } = await listPriceAlerts(db, userId, {
      status: q.status === "all" ? undefined : q.status,
      tag,
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
    });
    return { rows: rows.map(alertRow), count };
  }

  async function list(userId: number, q: { status: "all" | AlertStatus; tag?: string; page: number; limit: number }) {
    const [{ rows, count }, active] = await Promise.all([page(userId, q), countActivePriceAlerts(db, userId)]);
    return { rows, count, active, max_active: MAX_ACTIVE_ALERTS };
  }

  /**
   * A new active alert. The same terms as one the customer already watches (active or paused) answer that one, so a
   * form sent twice makes one alert. More than MAX_ACTIVE_ALERTS active: `too_many_alerts`.
   */
  async function create(userId: number, input: AlertTerms & { tag: string; condition: AlertCondition }) {
    const inst = listed(input.tag);
    const terms = checkTerms(inst, input);
    return db.transaction().execute(async (trx) => {
      const now = deps.now();
      await lockUser(trx, userId);
      const same = await findSamePriceAlert(trx, userId, { tag: inst.symbol, ...terms });
      if (same) return alertRow(same);
      await requireRoom(trx, userId);
      return alertRow(
        await insertPriceAlert(trx, {
          user_id: userId,
          tag: inst.symbol,
          ...terms,
          status: "active",
          created_at: now,
          updated_at: now,
        }),
      );
    });
  }

  /** Runs `work` on the customer's alert `id` under the account and alert locks; `not_found` (field id) otherwise. */
  function withAlert<T>(
    userId: number,
    id: number,
    work: (trx: Executor, alert: PriceAlertRow, now: Date) => Promise<T>,
  ) {
    return db.transaction().execute(async (trx) => {
      const now = deps.now();
      await lockUser(trx, userId);
      const alert = await lockPriceAlert(trx, userId, id);
      if (!alert) throw new ProviderError("not_found", "no such alert", "id");
      return work(trx, alert, now);
    });
  }

  /** New terms (a fired alert is armed again: active); a paused alert stays paused. */
  const edit = (userId: number, input: AlertTerms & { id: number }) =>
    withAlert(userId, input.id, async (trx, alert, now) => {
      const inst = listed(alert.tag);
      const condition = input.condition ?? alert.condition;
      const sameKind = (condition === "move") === (alert.condition === "move");
      const terms = checkTerms(inst, {
        condition,
        price: input.price ?? (sameKind && alert.price !== null ? alert.price : undefined),
        percent: input.percent ?? (sameKind && alert.percent !== null ? alert.percent : undefined),
      });
      const status = alert.status === "paused" ? "paused" : "active";
      if (status === "active" && alert.status !== "active") await requireRoom(trx, userId);
      return alertRow(
        await updatePriceAlert(trx, alert.id, {
          ...terms,
          status,
          updated_at: now,
          ...(alert.status === "fired" ? { fired_at: null, fired_price: null } : {}),
        }),
      );
    });

  /** Not watched until resumed. Pausing a paused alert changes nothing. */
  const pause = (userId: number, id: number) =>
    withAlert(userId, id, async (trx, alert, now) =>
      alertRow(
        alert.status === "paused" ? alert : await updatePriceAlert(trx, id, { status: "paused", updated_at: now }),
      ),
    );

  /** Watched again (a fired alert is armed again); counts towards MAX_ACTIVE_ALERTS. */
  const resume = (userId: number, id: number) =>
    withAlert(userId, id, async (trx, alert, now) => {
      if (alert.status === "active") return alertRow(alert);
      await requireRoom(trx, userId);
      return alertRow(
        await updatePriceAlert(trx, id, { status: "active", updated_at: now, fired_at: null, fired_price: null }),
      );
    });

  const remove = (userId: number, id: number) =>
    withAlert(userId, id, async (trx) => {
      await deletePriceAlert(trx, id);
      return { id, deleted: true as const };
    });

  /**
   * One tick at `now`: every active alert that the quote of that instant (from `source`, the tick's view of the
   * market) meets fires, once, with its message in the customer's inbox, in one transaction. Returns how many fired.
   */
  async function tick(now: Date, source: MarketSource = market): Promise<number> {
    const tags: string[] = [];
    const prices: string[] = [];
    const percents: string[] = [];
    for (const tag of await activeAlertTags(db)) {
      const q = source.quote(tag, now);
      if (!q) continue;
      tags.push(tag);
      prices.push(String(q.price));
      percents.push(String(q.changePercent));
    }
    if (tags.length === 0) return 0;
    return db.transaction().execute(async (trx) => {
      const fired = await fireCrossingAlerts(trx, { tags, prices, percents }, now);
      await leaveAlerts(
        trx,
        fired.map((a) => {
          const inst = market.find(a.tag);
          const precision = inst?.precision ?? 2;
          const q = source.quote(a.tag, now);
          const fixed = (v: string | null) => (v === null ? null : new Decimal(v).toFixed(precision));
          return {
            userId: a.user_id,
            alert: {
              code: "price_alert" as const,
              params: {
                id: String(a.id),
                tag: a.tag,
                name: inst?.name ?? a.tag,
                condition: a.condition,
                price: fixed(a.price),
                percent: a.percent === null ? null : new Decimal(a.percent).toFixed(2),
                current_price: fixed(a.fired_price)!,
                change_percent: (q?.changePercent ?? 0).toFixed(2),
              },
            },
          };
        }),
        now,
      );
      return fired.length;
    });
  }

  return { list, page, create, edit, pause, resume, remove, tick };
}

export type PriceAlerts = ReturnType<typeof createPriceAlerts>;
